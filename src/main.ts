// The process `npm start` runs: the service, and beside it the demo fleet (which src/server never imports).
import { runService } from './server/main';
import { simulate } from './demo-fleet';

void runService(simulate);
