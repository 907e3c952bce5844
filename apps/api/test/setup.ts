// The run's emulator back in process.env for each file: files share a process, and an app built with a
// production configuration takes it out.
const host = process.env.TEST_AUTH_EMULATOR_HOST;
if (host) process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
