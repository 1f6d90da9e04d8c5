import { defineEntity } from '../../server/engine/registry';
import type { ResourceChange } from '../../server/events';
import notice from './resource';
import { notices } from './table';

export default defineEntity({
  def: notice,
  table: notices,
  // A new notice goes to the company's open consoles as push 9010.
  plugin: async (app) => {
    const onAdd = (c: ResourceChange) => {
      if (
        c.kind !== notice.kind ||
        c.name !== notice.name ||
        c.action !== 'add' ||
        !c.after ||
        c.tenantId === undefined
      )
        return;
      app.push.tenantNotice(c.tenantId, String(c.after.title), String(c.after.content));
    };
    app.events.on('resource.changed', onAdd);
    app.addHook('onClose', async () => {
      app.events.off('resource.changed', onAdd);
    });
  },
});
