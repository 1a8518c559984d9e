import type { Plugin } from 'vite';

// The web build's changes to zod (web/vite.config.ts uses them).

const zodClassicSchemas = /[\\/]zod[\\/]v4[\\/]classic[\\/]schemas\.js$/;
const zodJsonSchemaImports = [
  'import * as processors from "../core/json-schema-processors.js";',
  'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";',
];

/**
 * Every zod schema can describe itself as JSON Schema, which the server uses (the OpenAPI
 * description) and the web never does; the two modules behind it were about 5 KB gzip of every
 * first load. In the web build the schemas get stand-ins that say so if ever called.
 */
export function zodWithoutJsonSchema(): Plugin {
  const unused = `() => { throw new Error('JSON Schema is not part of the web app (vite.config.ts)'); }`;
  return {
    name: 'gavel-zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (!zodClassicSchemas.test(id)) return null;
      if (!zodJsonSchemaImports.every((line) => code.includes(line))) {
        this.warn('zod/v4/classic/schemas.js changed: its JSON Schema modules are in the web build again');
        return null;
      }
      const stand = [
        `const processors = new Proxy({}, { get: () => ${unused} });`,
        `const createStandardJSONSchemaMethod = () => ${unused};`,
        'const createToJSONSchemaMethod = createStandardJSONSchemaMethod;',
      ];
      const [first, second] = zodJsonSchemaImports;
      return {
        code: code.replace(first ?? '', stand[0] ?? '').replace(second ?? '', stand.slice(1).join('\n')),
        map: null,
      };
    },
  };
}

const zodCore = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const zodDefaultConfig = '(_a.__zod_globalConfig = {})';

/**
 * The server's content security policy forbids eval. Zod tries it once, as its first schema is
 * built (long before the app could call z.config), and the refusal is reported as a policy
 * violation on every page. It starts here already told to parse without compiled code, as it
 * ends up doing under that policy anyway.
 */
export function zodWithoutEval(): Plugin {
  return {
    name: 'gavel-zod-without-eval',
    transform(code, id) {
      if (!zodCore.test(id)) return null;
      if (!code.includes(zodDefaultConfig)) {
        this.warn('zod/v4/core/core.js changed: zod may probe for eval again (a CSP report on every page)');
        return null;
      }
      return { code: code.replace(zodDefaultConfig, '(_a.__zod_globalConfig = { jitless: true })'), map: null };
    },
  };
}
