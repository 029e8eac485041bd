package io.tablecast.common.http;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.TestKeystore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The limits and TLS of {@link HttpService}, on a real server with routes of the test's own: the
 * body limit as configured, the in-flight limit with one request held in its handler, and HTTPS
 * with a keystore generated here.
 */
class HttpServiceLimitsTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Duration WAIT = Duration.ofSeconds(20);

  private final AtomicInteger handled = new AtomicInteger();
  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private HttpService service;

  @TempDir
  Path dir;

  @AfterEach
  void stop() {
    release.countDown();
    if (service != null) {
      service.close();
    }
  }

  @Test
  void aDeclaredBodyOverTheConfiguredLimitGets413BeforeAnyHandlerRuns() {
    start(new HttpSettings("127.0.0.1", 0).withLimits(1024, 8));

    HttpResponse<String> over = send(postJson("/echo", BodyPublishers.ofByteArray(new byte[1025])));
    assertProblem(over, 413, "payload-too-large");
    assertThat(over.body()).contains("1024 bytes");
    assertThat(handled).as("handlers run").hasValue(0);

    assertThat(send(postJson("/echo", BodyPublishers.ofByteArray(new byte[1024]))).body()).isEqualTo("1024");
  }

  @Test
  void aChunkedBodyOverTheConfiguredLimitGets413WhileItIsRead() {
    start(new HttpSettings("127.0.0.1", 0).withLimits(1024, 8));

    HttpResponse<String> over = send(postJson("/echo", chunked(new byte[4096])));

    assertProblem(over, 413, "payload-too-large");
    assertThat(send(postJson("/echo", chunked(new byte[1024]))).body()).isEqualTo("1024");
  }

  @Test
  void oneRequestOverTheInFlightLimitGets429WithRetryAfterWhileHealthAndMetricsStillAnswer() throws Exception {
    start(new HttpSettings("127.0.0.1", 0).withLimits(1024, 1));
    CompletableFuture<HttpResponse<String>> held =
        client.sendAsync(request("/hold").GET().timeout(WAIT).build(), BodyHandlers.ofString());
    assertThat(entered.await(WAIT.toSeconds(), TimeUnit.SECONDS)).as("the first request is in its handler").isTrue();

    HttpResponse<String> refused = send(request("/echo").POST(BodyPublishers.ofString("{}")));
    assertProblem(refused, 429, "too-many-requests");
    assertThat(refused.headers().firstValue("Retry-After")).hasValue("1");
    assertThat(handled).as("handlers run").hasValue(0);
    assertThat(send(request("/health").GET()).statusCode()).isEqualTo(200);
    assertThat(send(request("/metrics").GET()).body())
        .contains("tablecast_http_refused_total{reason=\"too-many-requests\"} 1.0")
        .contains("tablecast_http_in_flight 1.0");

    release.countDown();
    assertThat(held.get(WAIT.toSeconds(), TimeUnit.SECONDS).statusCode()).isEqualTo(200);
    assertThat(send(postJson("/echo", BodyPublishers.ofString("{}"))).statusCode())
        .as("once the first is answered, the next is taken").isEqualTo(200);
  }

  @Test
  void requestsThatFailGiveTheirPermitBack() {
    start(new HttpSettings("127.0.0.1", 0).withLimits(1024, 1));

    for (int i = 0; i < 3; i++) {
      assertProblem(send(request("/fail").GET()), 500, "internal-error");
      assertProblem(send(request("/refuse").GET()), 422, "validation-failed");
      assertProblem(send(postJson("/echo", BodyPublishers.ofByteArray(new byte[2048]))), 413, "payload-too-large");
      assertProblem(send(request("/nowhere").GET()), 404, "not-found");
    }
    assertThat(send(postJson("/echo", BodyPublishers.ofString("{}"))).statusCode()).isEqualTo(200);
  }

  @Test
  void withAKeystoreTheServiceAnswersOverHttpsOnly() throws Exception {
    HttpSettings.Keystore keystore = TestKeystore.copyTo(dir);
    start(new HttpSettings("127.0.0.1", 0).withKeystore(keystore));
    HttpClient trusting = HttpClient.newBuilder().sslContext(keystore.trustingContext()).build();

    assertThat(service.uri().getScheme()).isEqualTo("https");
    HttpResponse<String> health = trusting.send(request("/health").GET().build(), BodyHandlers.ofString());
    assertThat(health.statusCode()).isEqualTo(200);
    assertThat(health.headers().firstValue("Strict-Transport-Security")).as("HTTPS from now on").hasValue("max-age=31536000");
    assertThat(health.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    HttpResponse<String> echoed = trusting.send(
        request("/echo").POST(BodyPublishers.ofString("{\"a\":1}")).build(), BodyHandlers.ofString());
    assertThat(echoed.body()).isEqualTo("7");

    assertThatThrownBy(() -> client.send(request("/health").GET().build(), BodyHandlers.ofString()))
        .as("a client that does not trust the certificate").isInstanceOf(SSLHandshakeException.class);
    assertThat(plainHttp("/health")).as("what plain HTTP on the same port gets").doesNotContain("HTTP/1.1 200");
  }

  @Test
  void everyAnswerForbidsSniffingItsContentType_andPlainHttpAsksForNoHsts() {
    start(new HttpSettings("127.0.0.1", 0));

    for (HttpResponse<String> answer : List.of(send(request("/health").GET()), send(request("/refuse").GET()),
        send(request("/fail").GET()), send(request("/nowhere").GET()))) {
      assertThat(answer.headers().firstValue("X-Content-Type-Options")).as(answer.uri() + " " + answer.statusCode()).hasValue("nosniff");
      assertThat(answer.headers().firstValue("Strict-Transport-Security")).as(answer.uri().toString()).isEmpty();
    }
  }

  // ---------------------------------------------------------------------------------------------

  private void start(HttpSettings settings) {
    service = HttpService.start("test", settings, new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), Health::healthy, () -> {
      post("/echo", ctx -> {
        handled.incrementAndGet();
        ctx.result(Integer.toString(JsonBodies.readBounded(ctx).length));
      });
      get("/hold", ctx -> {
        entered.countDown();
        release.await(WAIT.toSeconds(), TimeUnit.SECONDS);
        ctx.result("held");
      });
      get("/fail", ctx -> {
        throw new IllegalStateException("a bug");
      });
      get("/refuse", ctx -> {
        throw new ProblemException(ProblemType.VALIDATION_FAILED, "refused");
      });
    });
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(service.uri().resolve(path)).timeout(WAIT);
  }

  private HttpRequest.Builder postJson(String path, BodyPublisher body) {
    return request(path).header("Content-Type", "application/json").POST(body);
  }

  private HttpResponse<String> send(HttpRequest.Builder request) {
    try {
      return client.send(request.build(), BodyHandlers.ofString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** A body of unknown length, which the JDK client sends chunked. */
  private static BodyPublisher chunked(byte[] body) {
    return BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body));
  }

  /** What a plain-text HTTP request on the service's port gets back, until the server closes or resets. */
  private String plainHttp(String path) throws IOException {
    URI uri = service.uri();
    try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
          .getBytes(StandardCharsets.ISO_8859_1));
      return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
    } catch (java.net.SocketException reset) {
      return "";
    }
  }

  private static void assertProblem(HttpResponse<String> response, int status, String slug) {
    assertThat(response.statusCode()).as("status of %s", response.body()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith(Problem.MEDIA_TYPE));
    try {
      JsonNode problem = JSON.readTree(response.body());
      assertThat(problem.path("type").asText()).isEqualTo(ProblemType.URI_PREFIX + slug);
      assertThat(problem.path("status").asInt()).isEqualTo(status);
    } catch (IOException e) {
      throw new UncheckedIOException("Not JSON: " + response.body(), e);
    }
  }
}
