/// <reference types="vite/client" />
/// <reference types="@mcp-b/webmcp-types" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
}
