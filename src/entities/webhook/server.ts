import { Code } from '../../shared/api';
import { defineEntity } from '../../server/engine/registry';
import { urlProblem } from '../../server/integrations/address';
import { integrationKey, seal, secretHint } from '../../server/integrations/secret-box';
import { fail } from '../../server/lib/api-error';
import webhook from './resource';
import { webhooks } from './table';

export default defineEntity({
  def: webhook,
  table: webhooks,
  hooks: {
    // The URL is checked (shape, and every address its name resolves to) and the secret sealed.
    async beforeWrite(ctx, _tx, values, input) {
      if (typeof input.url === 'string') {
        const problem = await urlProblem(input.url, ctx.app.config.webhookAllowPrivate);
        if (problem) fail(Code.BAD_REQUEST, problem);
      }
      if (typeof input.secret === 'string' && input.secret) {
        values.secret = seal(await integrationKey(ctx.app.db), input.secret);
        values.secretHint = secretHint(input.secret);
      }
      if (values.positionEverySec === null) values.positionEverySec = 60;
      if (values.enabled === null) values.enabled = true;
    },
  },
});
