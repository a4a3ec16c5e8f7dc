import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'data/',
      'node_modules/',
      '*.config.js',
      '.dependency-cruiser.cjs',
      'test-output/',
      // Written by npm run generate:client from the OpenAPI document.
      'src/web/shared/schema.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      'no-console': 'error',
    },
  },
  {
    // A function does one stage and is named after it; a file holds one reason to change.
    files: ['src/**/*.ts', 'adapters/**/*.ts', 'domain/**/*.ts', 'projections/**/*.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 100 }],
      'max-lines': ['error', { max: 300 }],
    },
  },
  {
    // Every router matches paths as written, as the access checks in front of the routes read them.
    files: ['src/**/*.ts'],
    ignores: ['src/http/exactRouter.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'express',
              importNames: ['Router'],
              allowTypeImports: true,
              message: 'Make routers with exactRouter() (src/http/exactRouter.ts).',
            },
          ],
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'express',
          property: 'Router',
          message: 'Make routers with exactRouter() (src/http/exactRouter.ts).',
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'src/cli/**/*.ts'],
    rules: {
      'no-console': 'off',
      '@typescript-eslint/no-unused-expressions': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // API test bodies are checked at run time against the OpenAPI document, not by the compiler.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  prettier,
);
