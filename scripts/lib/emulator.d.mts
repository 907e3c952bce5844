// Types for emulator.mjs, so the TypeScript test set-up can import it.
export declare const DEFAULT_PROJECT_ID: string;
export declare const DEMO_ACCOUNTS_FILE: string;

export type DemoAccount = { email: string; password: string; userName: string };

export type AuthEmulator = {
  /** host:port, the value for FIREBASE_AUTH_EMULATOR_HOST */
  host: string;
  port: number;
  projectId: string;
  /** SIGINT, then waits for the exit (and, with a dataDir, checks the export landed). */
  stop: () => Promise<void>;
};

export declare function startAuthEmulator(options?: {
  port?: number;
  dataDir?: string;
  projectId?: string;
  log?: (line: string) => void;
  timeoutMs?: number;
}): Promise<AuthEmulator>;

export declare function ensureDemoAccounts(
  host: string,
  accounts: readonly DemoAccount[],
  options?: { projectId?: string },
): Promise<{ email: string; uid: string; created: boolean }[]>;

export declare function readDemoAccounts(): Promise<DemoAccount[]>;
