import { transformAsync, type ParserOptions } from '@babel/core';
import type { Plugin } from 'vite';

const SOURCE = /\.[cm]?[jt]sx?(?:$|\?)/;
const DEPENDENCY = /[/\\]node_modules[/\\]/;
const MACRO_IMPORT = /@lingui\/(?:[a-z]+\/)?macro/;

function syntaxOf(id: string): NonNullable<ParserOptions['plugins']> {
  const path = id.replace(/\?.*$/, '');
  if (path.endsWith('.tsx')) return ['typescript', 'jsx'];
  if (/\.[cm]?ts$/.test(path)) return ['typescript'];
  return ['jsx'];
}

/**
 * Compiles the Lingui macros with Babel ahead of the React plugin's Oxc transform.
 * In-repo instead of @rolldown/plugin-babel, whose every release declares Node >= 22.12.
 */
export function linguiMacros(): Plugin {
  return {
    name: 'lingui-macros',
    enforce: 'pre',
    transform: {
      filter: { id: { include: SOURCE, exclude: DEPENDENCY }, code: MACRO_IMPORT },
      async handler(code, id) {
        const result = await transformAsync(code, {
          filename: id,
          babelrc: false,
          configFile: false,
          sourceMaps: true,
          parserOpts: { sourceType: 'module', allowAwaitOutsideFunction: true, plugins: syntaxOf(id) },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
        });
        return result?.code == null ? null : { code: result.code, map: result.map };
      },
    },
  };
}
