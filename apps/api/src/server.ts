import { loadConfig } from './config/env.ts';

/** The API process. Tracing starts before the shop is imported: it patches http and pg as they load. */
async function main(): Promise<void> {
  const config = loadConfig();
  const stopTracing = config.OTEL_EXPORTER_OTLP_ENDPOINT
    ? await (
        await import('./operations/tracing.ts')
      ).startTracing({ ...config, endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT })
    : undefined;
  const { serve } = await import('./serve.ts');
  await serve(config, stopTracing);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
