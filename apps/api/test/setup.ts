// Each test file starts with the run's auth emulator in process.env, where firebase-admin reads
// it: the files share their worker's process (vitest.config.ts), and an app an earlier file
// built with a production configuration took it out.
const host = process.env.TEST_AUTH_EMULATOR_HOST;
if (host) process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
