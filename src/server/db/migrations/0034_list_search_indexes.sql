-- Lists (docs/performance.md, "Lists"): every keyword field and 'like' filter of a registered list gets a GIN trigram
-- index (src/server/db/columns.ts trigramIndexes), so ILIKE '%x%' reads the matching rows instead of
-- every row; sort indexes end with id, the tiebreaker the engine orders by. pg_trgm ships with
-- PostgreSQL's contrib and PGlite loads it (src/server/db/driver.ts). 0002 and 0003 created the
-- users' and devices' first ones where pg_trgm was already installed, hence IF NOT EXISTS.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "alarm_records_tenant_ts_idx";--> statement-breakpoint
DROP INDEX "access_events_tenant_at_idx";--> statement-breakpoint
DROP INDEX "ad_plays_tenant_started_idx";--> statement-breakpoint
DROP INDEX "annual_inspections_tenant_next_idx";--> statement-breakpoint
DROP INDEX "attendance_punches_tenant_at_idx";--> statement-breakpoint
DROP INDEX "attendance_records_tenant_day_idx";--> statement-breakpoint
DROP INDEX "buildings_tenant_number_idx";--> statement-breakpoint
DROP INDEX "duty_records_tenant_date_idx";--> statement-breakpoint
DROP INDEX "installations_tenant_at_idx";--> statement-breakpoint
DROP INDEX "mall_categories_tenant_sort_idx";--> statement-breakpoint
DROP INDEX "merchants_tenant_sort_idx";--> statement-breakpoint
DROP INDEX "payments_tenant_created_idx";--> statement-breakpoint
DROP INDEX "product_banners_tenant_sort_idx";--> statement-breakpoint
DROP INDEX "product_specs_tenant_sort_idx";--> statement-breakpoint
DROP INDEX "work_logs_tenant_date_idx";--> statement-breakpoint
DROP INDEX "work_plans_tenant_start_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auth_audit_account_trgm_idx" ON "auth_audit" USING gin ("account" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "auth_audit_address_trgm_idx" ON "auth_audit" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_name_trgm_idx" ON "resources" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_en_name_trgm_idx" ON "resources" USING gin ("en_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_uri_trgm_idx" ON "resources" USING gin ("uri" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_value_trgm_idx" ON "resources" USING gin ("value" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "resources_mark_trgm_idx" ON "resources" USING gin ("mark" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "roles_name_trgm_idx" ON "roles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "roles_description_trgm_idx" ON "roles" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_applications_contact_trgm_idx" ON "tenant_applications" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenant_applications_phone_trgm_idx" ON "tenant_applications" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "departments_name_trgm_idx" ON "departments" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_name_trgm_idx" ON "tenants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tenants_address_trgm_idx" ON "tenants" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_allocations_imei_trgm_idx" ON "device_allocations" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_categories_name_trgm_idx" ON "device_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_commands_imei_trgm_idx" ON "device_commands" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_groups_name_trgm_idx" ON "device_groups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_imei_trgm_idx" ON "devices" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_name_trgm_idx" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_number_trgm_idx" ON "devices" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_imsi_trgm_idx" ON "devices" USING gin ("imsi" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_iccid_trgm_idx" ON "devices" USING gin ("iccid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_person_name_trgm_idx" ON "devices" USING gin ("person_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_person_phone_trgm_idx" ON "devices" USING gin ("person_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_install_location_trgm_idx" ON "devices" USING gin ("install_location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "production_records_imei_trgm_idx" ON "production_records" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "production_records_serial_trgm_idx" ON "production_records" USING gin ("serial" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "production_records_iccid_trgm_idx" ON "production_records" USING gin ("iccid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_code_trgm_idx" ON "products" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_records_imei_trgm_idx" ON "alarm_records" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_records_device_name_trgm_idx" ON "alarm_records" USING gin ("device_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_records_person_name_trgm_idx" ON "alarm_records" USING gin ("person_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarm_records_person_phone_trgm_idx" ON "alarm_records" USING gin ("person_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "drawings_project_trgm_idx" ON "drawings" USING gin ("project" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "drawings_customer_trgm_idx" ON "drawings" USING gin ("customer" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "indoor_maps_title_trgm_idx" ON "indoor_maps" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "indoor_maps_address_trgm_idx" ON "indoor_maps" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "uwb_base_stations_name_trgm_idx" ON "uwb_base_stations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "uwb_base_stations_code_trgm_idx" ON "uwb_base_stations" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fences_name_trgm_idx" ON "fences" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "fences_description_trgm_idx" ON "fences" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_log_resource_trgm_idx" ON "audit_log" USING gin ("resource" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_cards_card_no_trgm_idx" ON "access_cards" USING gin ("card_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_events_credential_trgm_idx" ON "access_events" USING gin ("credential" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_events_imei_trgm_idx" ON "access_events" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_rights_name_trgm_idx" ON "access_rights" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "access_rights_phone_trgm_idx" ON "access_rights" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ad_deliveries_imei_trgm_idx" ON "ad_deliveries" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "ad_plays_imei_trgm_idx" ON "ad_plays" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "advertisements_title_trgm_idx" ON "advertisements" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "advertisements_client_trgm_idx" ON "advertisements" USING gin ("client" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "advertisements_phone_trgm_idx" ON "advertisements" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "after_sales_service_no_trgm_idx" ON "after_sales" USING gin ("service_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "after_sales_order_no_trgm_idx" ON "after_sales" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_title_trgm_idx" ON "announcements" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "announcements_content_trgm_idx" ON "announcements" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "annual_inspections_name_trgm_idx" ON "annual_inspections" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "annual_inspections_inspector_trgm_idx" ON "annual_inspections" USING gin ("inspector" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "approvals_title_trgm_idx" ON "approvals" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "approval_nodes_name_trgm_idx" ON "approval_nodes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "attendance_punches_imei_trgm_idx" ON "attendance_punches" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "attendance_rules_name_trgm_idx" ON "attendance_rules" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audio_pushes_imei_trgm_idx" ON "audio_pushes" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audio_pushes_device_name_trgm_idx" ON "audio_pushes" USING gin ("device_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audio_pushes_title_trgm_idx" ON "audio_pushes" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audio_pushes_operator_name_trgm_idx" ON "audio_pushes" USING gin ("operator_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bills_order_no_trgm_idx" ON "bills" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bills_iccid_trgm_idx" ON "bills" USING gin ("iccid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bills_msisdn_trgm_idx" ON "bills" USING gin ("msisdn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "bills_package_name_trgm_idx" ON "bills" USING gin ("package_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "buildings_name_trgm_idx" ON "buildings" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cameras_name_trgm_idx" ON "cameras" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cameras_imei_trgm_idx" ON "cameras" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cameras_location_trgm_idx" ON "cameras" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "communities_name_trgm_idx" ON "communities" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "communities_address_trgm_idx" ON "communities" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_voices_imei_trgm_idx" ON "device_voices" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "device_voices_device_name_trgm_idx" ON "device_voices" USING gin ("device_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "duty_records_area_trgm_idx" ON "duty_records" USING gin ("area" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "duty_records_situation_trgm_idx" ON "duty_records" USING gin ("situation" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "face_distributions_imei_trgm_idx" ON "face_distributions" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "face_libraries_name_trgm_idx" ON "face_libraries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "face_libraries_info_trgm_idx" ON "face_libraries" USING gin ("info" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "face_reviews_resident_name_trgm_idx" ON "face_reviews" USING gin ("resident_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "face_reviews_room_trgm_idx" ON "face_reviews" USING gin ("room" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "face_samples_labels_trgm_idx" ON "face_samples" USING gin ("labels" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "freight_templates_name_trgm_idx" ON "freight_templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "installations_installer_trgm_idx" ON "installations" USING gin ("installer" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "installations_address_trgm_idx" ON "installations" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leave_requests_reason_trgm_idx" ON "leave_requests" USING gin ("reason" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mall_categories_name_trgm_idx" ON "mall_categories" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mall_orders_order_no_trgm_idx" ON "mall_orders" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mall_orders_buyer_name_trgm_idx" ON "mall_orders" USING gin ("buyer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mall_orders_phone_trgm_idx" ON "mall_orders" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mall_orders_region_code_trgm_idx" ON "mall_orders" USING gin ("region_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mall_orders_tracking_no_trgm_idx" ON "mall_orders" USING gin ("tracking_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "merchants_name_trgm_idx" ON "merchants" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "merchants_contact_trgm_idx" ON "merchants" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "merchants_phone_trgm_idx" ON "merchants" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "monitored_persons_name_trgm_idx" ON "monitored_persons" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "monitored_persons_phone_trgm_idx" ON "monitored_persons" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notices_title_trgm_idx" ON "notices" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "notices_content_trgm_idx" ON "notices" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_order_no_trgm_idx" ON "payments" USING gin ("order_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_subject_trgm_idx" ON "payments" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_purpose_ref_trgm_idx" ON "payments" USING gin ("purpose_ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_provider_ref_trgm_idx" ON "payments" USING gin ("provider_ref" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_title_trgm_idx" ON "photos" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_imei_trgm_idx" ON "photos" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "photos_reporter_trgm_idx" ON "photos" USING gin ("reporter" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mall_products_name_trgm_idx" ON "mall_products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "mall_products_subtitle_trgm_idx" ON "mall_products" USING gin ("subtitle" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_banners_title_trgm_idx" ON "product_banners" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_reviews_user_name_trgm_idx" ON "product_reviews" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_reviews_content_trgm_idx" ON "product_reviews" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_skus_code_trgm_idx" ON "product_skus" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_specs_name_trgm_idx" ON "product_specs" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_specs_values_trgm_idx" ON "product_specs" USING gin ("values" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "production_batches_batch_no_trgm_idx" ON "production_batches" USING gin ("batch_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_companies_name_trgm_idx" ON "property_companies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_companies_contact_trgm_idx" ON "property_companies" USING gin ("contact" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_companies_phone_trgm_idx" ON "property_companies" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_staff_name_trgm_idx" ON "property_staff" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_staff_phone_trgm_idx" ON "property_staff" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "property_staff_post_trgm_idx" ON "property_staff" USING gin ("post" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "residents_name_trgm_idx" ON "residents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "residents_phone_trgm_idx" ON "residents" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_name_trgm_idx" ON "rooms" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sim_cards_iccid_trgm_idx" ON "sim_cards" USING gin ("iccid" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sim_cards_imsi_trgm_idx" ON "sim_cards" USING gin ("imsi" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sim_cards_msisdn_trgm_idx" ON "sim_cards" USING gin ("msisdn" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sim_cards_imei_trgm_idx" ON "sim_cards" USING gin ("imei" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sim_cards_supply_code_trgm_idx" ON "sim_cards" USING gin ("supply_code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sim_packages_name_trgm_idx" ON "sim_packages" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sim_packages_code_trgm_idx" ON "sim_packages" USING gin ("code" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_managers_name_trgm_idx" ON "site_managers" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_managers_phone_trgm_idx" ON "site_managers" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_managers_certificate_no_trgm_idx" ON "site_managers" USING gin ("certificate_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_posts_name_trgm_idx" ON "site_posts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "site_posts_duties_trgm_idx" ON "site_posts" USING gin ("duties" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "units_name_trgm_idx" ON "units" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "utility_accounts_meter_no_trgm_idx" ON "utility_accounts" USING gin ("meter_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "video_records_file_name_trgm_idx" ON "video_records" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "video_records_title_trgm_idx" ON "video_records" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "video_records_imeis_trgm_idx" ON "video_records" USING gin ("imeis" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "video_records_room_trgm_idx" ON "video_records" USING gin ("room" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "warehouse_items_name_trgm_idx" ON "warehouse_items" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "warehouse_items_category_trgm_idx" ON "warehouse_items" USING gin ("category" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_logs_content_trgm_idx" ON "work_logs" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "work_plans_name_trgm_idx" ON "work_plans" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "alarm_records_tenant_ts_idx" ON "alarm_records" USING btree ("tenant_id","ts","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "access_events_tenant_at_idx" ON "access_events" USING btree ("tenant_id","at","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_plays_tenant_started_idx" ON "ad_plays" USING btree ("tenant_id","started_at","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "annual_inspections_tenant_next_idx" ON "annual_inspections" USING btree ("tenant_id","next_at","id");--> statement-breakpoint
CREATE INDEX "attendance_punches_tenant_at_idx" ON "attendance_punches" USING btree ("tenant_id","at","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "attendance_records_tenant_day_idx" ON "attendance_records" USING btree ("tenant_id","day","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "buildings_tenant_number_idx" ON "buildings" USING btree ("tenant_id","number","id");--> statement-breakpoint
CREATE INDEX "duty_records_tenant_date_idx" ON "duty_records" USING btree ("tenant_id","duty_date","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "installations_tenant_at_idx" ON "installations" USING btree ("tenant_id","installed_at","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mall_categories_tenant_sort_idx" ON "mall_categories" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "merchants_tenant_sort_idx" ON "merchants" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "payments_tenant_created_idx" ON "payments" USING btree ("tenant_id","created_at","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "product_banners_tenant_sort_idx" ON "product_banners" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "product_specs_tenant_sort_idx" ON "product_specs" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "work_logs_tenant_date_idx" ON "work_logs" USING btree ("tenant_id","log_date","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "work_plans_tenant_start_idx" ON "work_plans" USING btree ("tenant_id","start_date","id");