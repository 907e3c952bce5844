// Types for free-port.mjs.
export declare function freePort(host?: string): Promise<number>;
export declare function isPortFree(port: number, host?: string): Promise<boolean>;
