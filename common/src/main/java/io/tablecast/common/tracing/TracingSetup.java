package io.tablecast.common.tracing;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.tablecast.common.config.Env;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place that builds a service's {@link OpenTelemetry}. Tracing is on when the standard
 * {@code OTEL_EXPORTER_OTLP_ENDPOINT} is set: the SDK is then configured by the standard {@code
 * OTEL_*} variables and exports spans by OTLP over HTTP ({@code http/protobuf}), with {@code
 * OTEL_SERVICE_NAME} defaulting to the service. Otherwise it is {@link OpenTelemetry#noop()}: no span objects, no headers, nothing on
 * the hot path. Services take the instance in their {@code start}, so that a test can pass an SDK
 * of its own, and {@link #shutdown} it when they close.
 */
public final class TracingSetup {

  /** The standard variable whose presence turns tracing on. */
  public static final String ENDPOINT = "OTEL_EXPORTER_OTLP_ENDPOINT";

  private static final Logger log = LoggerFactory.getLogger(TracingSetup.class);

  private TracingSetup() {}

  /** The tracing of {@code service} as the environment asks; logs once whether it is on. */
  public static OpenTelemetry fromEnv(Env env, String service) {
    if (env.optional(ENDPOINT).isEmpty()) {
      log.info("Tracing is off for {}: {} is not set", service, ENDPOINT);
      return OpenTelemetry.noop();
    }
    // Defaults only: the standard OTEL_* variables and system properties override each of them.
    // Tablecast traces; it does not send its metrics (Prometheus has them) or logs by OTLP. The
    // exporter speaks OTLP over HTTP with the JDK's client (port 4318): there is no gRPC sender.
    String endpoint = env.optional(ENDPOINT).orElseThrow();
    OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder()
        .addPropertiesSupplier(() -> Map.of(
            "otel.exporter.otlp.endpoint", endpoint,
            "otel.exporter.otlp.protocol", "http/protobuf",
            "otel.service.name", service,
            "otel.metrics.exporter", "none",
            "otel.logs.exporter", "none"))
        .build()
        .getOpenTelemetrySdk();
    log.info("Tracing is on for {}: spans go by OTLP to {}", service, endpoint);
    return sdk;
  }

  /** Flushes and stops an SDK, waiting at most 5 s; nothing to do for the no-op instance. */
  public static void shutdown(OpenTelemetry telemetry) {
    if (telemetry instanceof OpenTelemetrySdk sdk) {
      CompletableResultCode done = sdk.shutdown().join(5, TimeUnit.SECONDS);
      if (!done.isSuccess()) {
        log.warn("Tracing did not shut down cleanly within 5 s; some spans may not have been exported");
      }
    }
  }
}
