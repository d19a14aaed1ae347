import { RuleTester } from 'eslint';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tseslint from 'typescript-eslint';

// eslint.config.mjs loads the rule as plain CommonJS; so does this test.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const rule = require('./feature-folders.rule.cjs');

// An app on disk: the rule tells a folder (`../orders`) from a file directly in src/ by looking.
const root = mkdtempSync(path.join(tmpdir(), 'feature-folders-'));
for (const folder of ['common', 'catalog', 'orders', 'billing', 'generated']) mkdirSync(path.join(root, 'shop/src', folder), { recursive: true });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const file = (relative: string) => path.join(root, 'shop/src', relative);
const shop = { common: [], catalog: ['common'], orders: ['common', 'catalog'], billing: ['common', 'orders'] };
const options = (extra: object = {}) => [{ root, apps: { shop }, ...extra }];

new RuleTester({ languageOptions: { parser: tseslint.parser } }).run('feature-folders', rule, {
  valid: [
    // Along a declared edge, in every form of import.
    { filename: file('orders/order.service.ts'), code: "import { Product } from '../catalog/product.repository';", options: options() },
    { filename: file('orders/order.service.ts'), code: "export { Product } from '../catalog/product.repository';", options: options() },
    { filename: file('orders/order.service.ts'), code: "export * from '../catalog';", options: options() },
    { filename: file('orders/order.service.ts'), code: "type P = import('../catalog/product').Product;", options: options() },
    // Inside a folder, to a file directly in src/, to generated/, to a library: not the rule's business.
    { filename: file('orders/order.service.ts'), code: "import { x } from './order.repository'; import { y } from '../shop.options'; import { z } from '../generated/client'; import { w } from '@pds/contracts';", options: options() },
    // The composition root imports every folder.
    { filename: file('shop.module.ts'), code: "import { BillingService } from './billing/billing.service';", options: options() },
    // Another app's folders are another table's.
    { filename: path.join(root, 'other/src/a/a.ts'), code: "import { b } from '../b/b';", options: options({ apps: { shop, other: { a: ['b'], b: [] } } }) },
  ],
  invalid: [
    {
      filename: file('catalog/product.service.ts'),
      code: "import { Order } from '../orders/order';",
      options: options(),
      errors: [{ message: 'shop: catalog/ may not import orders/ (catalog/ may import common/); it would close the cycle catalog → orders → catalog' }],
    },
    {
      // Reported at the import that would close the cycle, whatever its form.
      filename: file('common/money.ts'),
      code: "const billing = require('../billing/invoice');",
      options: options(),
      errors: [{ message: 'shop: common/ may not import billing/ (common/ may import no other folder); it would close the cycle common → billing → common' }],
    },
    {
      filename: file('catalog/product.service.ts'),
      code: "const orders = import('../orders');",
      options: options(),
      errors: [{ messageId: 'notAllowed' }],
    },
    {
      // Not a cycle, still not declared.
      filename: file('billing/invoice.service.ts'),
      code: "import { Product } from '../catalog/product';",
      options: options(),
      errors: [{ message: 'shop: billing/ may not import catalog/ (billing/ may import common/, orders/)' }],
    },
    {
      filename: file('orders/order.service.ts'),
      code: "import { Stock } from '../stock/stock';",
      options: options(),
      errors: [{ message: 'shop: stock/ is not in the feature-folder table of shop (eslint.config.mjs)' }],
    },
    {
      filename: path.join(root, 'other/src/a/a.ts'),
      code: "import { b } from '../b/b';",
      options: options(),
      errors: [{ message: 'other has no feature-folder table (eslint.config.mjs), and a/ imports b/' }],
    },
    {
      filename: file('orders/order.ts'),
      code: 'export const order = 1;',
      options: options({ apps: { shop: { ...shop, common: ['billing'] } } }),
      errors: [{ message: 'the feature-folder table of shop is wrong: it has the cycle common → billing → common' }],
    },
    {
      filename: file('orders/order.ts'),
      code: 'export const order = 1;',
      options: options({ apps: { shop: { ...shop, billing: ['payments'] } } }),
      errors: [{ message: 'the feature-folder table of shop is wrong: billing/ may import payments/, which has no entry of its own' }],
    },
  ],
});
