DROP INDEX "roles_tenant_idx";--> statement-breakpoint
DROP INDEX "tenant_applications_tenant_idx";--> statement-breakpoint
DROP INDEX "departments_tenant_idx";--> statement-breakpoint
DROP INDEX "device_groups_tenant_idx";--> statement-breakpoint
CREATE INDEX "auth_audit_kind_idx" ON "auth_audit" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "resources_sort_idx" ON "resources" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "resources_type_idx" ON "resources" USING btree ("type","sort","id");--> statement-breakpoint
CREATE INDEX "tenant_applications_status_idx" ON "tenant_applications" USING btree ("tenant_id","status","id");--> statement-breakpoint
CREATE INDEX "tenants_status_idx" ON "tenants" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "users_tenant_gender_idx" ON "users" USING btree ("tenant_id","gender","id");--> statement-breakpoint
CREATE INDEX "device_allocations_action_idx" ON "device_allocations" USING btree ("tenant_id","action","id");--> statement-breakpoint
CREATE INDEX "device_categories_sort_idx" ON "device_categories" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "device_categories_kind_idx" ON "device_categories" USING btree ("kind","sort","id");--> statement-breakpoint
CREATE INDEX "device_commands_imei_idx" ON "device_commands" USING btree ("tenant_id","imei","id");--> statement-breakpoint
CREATE INDEX "production_records_kind_idx" ON "production_records" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "products_sort_idx" ON "products" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","sort","id");--> statement-breakpoint
CREATE INDEX "drawings_tenant_id_idx" ON "drawings" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "drawings_building_idx" ON "drawings" USING btree ("tenant_id","building","id");--> statement-breakpoint
CREATE INDEX "indoor_maps_floor_idx" ON "indoor_maps" USING btree ("tenant_id","floor","id");--> statement-breakpoint
CREATE INDEX "uwb_base_stations_tenant_id_idx" ON "uwb_base_stations" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "uwb_base_stations_floor_idx" ON "uwb_base_stations" USING btree ("tenant_id","floor","id");--> statement-breakpoint
CREATE INDEX "fences_tenant_type_idx" ON "fences" USING btree ("tenant_id","type","id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("tenant_id","action","id");--> statement-breakpoint
CREATE INDEX "notices_tenant_level_idx" ON "notices" USING btree ("tenant_id","level","id");--> statement-breakpoint
CREATE INDEX "roles_tenant_idx" ON "roles" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "tenant_applications_tenant_idx" ON "tenant_applications" USING btree ("tenant_id","id");--> statement-breakpoint
CREATE INDEX "departments_tenant_idx" ON "departments" USING btree ("tenant_id","sort","id");--> statement-breakpoint
CREATE INDEX "device_groups_tenant_idx" ON "device_groups" USING btree ("tenant_id","id");