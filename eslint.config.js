import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The typed doors' own rule: no comment may turn off `no-explicit-any` or a `no-unsafe-*` rule (nor
 * every rule at once) in the code it covers. A few lines here rather than a plugin package.
 */
const doors = {
  rules: {
    'no-untyped-escape': {
      meta: {
        type: 'problem',
        schema: [],
        messages: { off: 'A comment may not turn off {{rule}} here: type the value, or check it.' },
      },
      /** @param {import('eslint').Rule.RuleContext} context */
      create(context) {
        const typed = /^@typescript-eslint\/(no-explicit-any|no-unsafe-[a-z-]+)$/;
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              const m = /^\s*(eslint-disable(?:-next-line|-line)?|eslint)(?:\s+([^]*))?$/.exec(comment.value);
              if (!m) continue;
              const list = (m[2] ?? '').split('--')[0].trim();
              if (m[1] !== 'eslint' && list === '') {
                context.report({ loc: comment.loc, messageId: 'off', data: { rule: 'every rule' } });
                continue;
              }
              for (const part of list.split(',')) {
                const rule = part.trim().split(/[\s:]/)[0];
                if (typed.test(rule)) context.report({ loc: comment.loc, messageId: 'off', data: { rule } });
              }
            }
          },
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: ['node_modules/**', '**/dist/**', 'coverage/**', '**/scratch/**', '**/*.tmp.ts', '.scratch*/**'],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['eslint.config.js', 'packages/*/bin/*.js', 'packages/*/src/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // Commands share one async signature whether or not they await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true, allowNullish: true },
      ],
    },
  },
  {
    // The web app's React components: the rules of hooks and complete effect dependencies.
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The doors to the outside (server, client library, web app): no `any`, not even by a comment
    // that turns the rule off, and no answer of the server taken on trust. The whole lint is type
    // aware already, so the type-aware assertion rule below adds little to its time.
    files: ['packages/{server,client,web}/src/**/*.{ts,tsx}'],
    plugins: { doors },
    rules: {
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: false }],
      'doors/no-untyped-escape': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression:has(CallExpression[callee.property.name='json'])",
          message: "Check the server's answer (@matchbox/client/answers) instead of casting it.",
        },
      ],
    },
  },
  {
    // Small functions the next person can read whole: split a longer one into named steps (a
    // board is a controller hook and its views, as games/*/ctrl.ts).
    files: ['packages/{server,client,web}/src/**/*.{ts,tsx}'],
    rules: { 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // Where the server's answers come in: every cast that narrows a type is refused here, so an
    // answer becomes typed only through its check (packages/client/src/answers.ts).
    files: [
      'packages/client/src/index.ts',
      'packages/web/src/api.ts',
      'packages/web/src/account/session.ts',
      'packages/web/src/replay/source.ts',
      'packages/web/src/replay/analysis.ts',
      'packages/web/src/table/useTable.ts',
    ],
    rules: { '@typescript-eslint/no-unsafe-type-assertion': 'error' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
