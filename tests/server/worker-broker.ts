// Runs before each server test file (vitest.config.ts setupFiles): the at-scale run's tests use
// their worker's own Mosquitto (global-setup.ts), read as MQTT_URL by the tests and buildTestApp.
const own = process.env[`MQTT_URL_${process.env.VITEST_POOL_ID ?? ''}`];
if (process.env.MQTT_URL && own) process.env.MQTT_URL = own;
