package io.tablecast.common.tracing;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.tablecast.common.config.Env;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TracingSetupTest {

  private final List<String> received = new CopyOnWriteArrayList<>();
  private final HttpServer collector = collector();

  @AfterEach
  void stop() {
    collector.stop(0);
  }

  @Test
  void withoutAnEndpointTracingIsTheNoOpInstance() {
    OpenTelemetry telemetry = TracingSetup.fromEnv(Env.of(Map.of()), "tablecast-test");

    assertThat(telemetry).isSameAs(OpenTelemetry.noop());
    assertThat(Tracing.of(telemetry, "test").on()).isFalse();
  }

  @Test
  void withAnEndpointSpansAreExportedThereByOtlpUnderTheServicesName() {
    String endpoint = "http://127.0.0.1:" + collector.getAddress().getPort();
    OpenTelemetry telemetry = TracingSetup.fromEnv(Env.of(Map.of(TracingSetup.ENDPOINT, endpoint)), "tablecast-test");

    assertThat(telemetry).isInstanceOf(OpenTelemetrySdk.class);
    Tracing.of(telemetry, "test").tracer().spanBuilder("decide HireEmployee").startSpan().end();
    TracingSetup.shutdown(telemetry);

    assertThat(received).singleElement().satisfies(body -> assertThat(body)
        .startsWith("/v1/traces ").contains("tablecast-test").contains("decide HireEmployee"));
  }

  /** An OTLP/HTTP collector that remembers each request's path and body. */
  private HttpServer collector() {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      server.createContext("/", exchange -> {
        byte[] body = exchange.getRequestBody().readAllBytes();
        received.add(exchange.getRequestURI().getPath() + " " + new String(body, StandardCharsets.ISO_8859_1));
        exchange.sendResponseHeaders(200, -1);
        exchange.close();
      });
      server.start();
      return server;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
