/** The emulator-only dev admin (README, npm start). Never used against a real project: seed.ts refuses to run there. */
export const DEV_ADMIN = { username: 'admin', password: 'admin-dev-pass' } as const;
