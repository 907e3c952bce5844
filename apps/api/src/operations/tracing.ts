export type TracingOptions = {
  /** OTLP/HTTP base address; spans are posted to its /v1/traces. */
  endpoint: string;
  OTEL_SERVICE_NAME: string;
  API_BASE_PATH: string;
};

/** Must run before http and pg are imported; answers a function that flushes and stops. */
export async function startTracing(options: TracingOptions): Promise<() => Promise<void>> {
  const [
    { BatchSpanProcessor, NodeTracerProvider },
    { OTLPTraceExporter },
    { resourceFromAttributes },
    { registerInstrumentations },
    { HttpInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/instrumentation'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const exporter = new OTLPTraceExporter({ url: new URL('v1/traces', withSlash(options.endpoint)).href });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.OTEL_SERVICE_NAME }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  // Probes come every few seconds from every balancer and scraper: traces of them are noise.
  const probes = new Set(['health', 'ready', 'metrics'].map((name) => `${options.API_BASE_PATH}/${name}`));
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => probes.has((req.url ?? '').split('?')[0] ?? '') }),
      new PgInstrumentation(),
    ],
  });
  return () => provider.shutdown();
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
