package io.tablecast.commands.adapter.in.http;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablecast.commands.fixtures.CommandsExtension;
import io.tablecast.commands.fixtures.RunningCommands;
import io.tablecast.commands.testdata.BadRequests.BadRequest;
import io.tablecast.commands.testdata.BadRequests.RawRequest;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.events.DepartmentCreated;
import io.tablecast.events.DomainEvent;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublisher;
import java.net.http.HttpRequest.BodyPublishers;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Hostile input against the commands API (SPEC §5, §9), over real HTTP and the real embedded
 * broker, on all six routes.
 *
 * <p>It proves that every malformed, oversized, ill-typed, invalid or misrouted request gets
 * exactly the documented status and problem {@code type}, as {@code application/problem+json}
 * without a stack trace or a Java class name, and that it writes no event. "No event" is made
 * meaningful by a probe: after each refused request, one valid command is sent and answered, and
 * the event log must then have grown by exactly that one event. The API answers a command only
 * once the processor has committed its outcome, and the probe follows the refused request's
 * answer, so the log read after the probe is known to reach past the refused request.
 *
 * <p>A body over 64 KiB must be answered with 413, with a {@code Content-Length} as well as
 * chunked with no declared length, and never with a reset connection; a declared length over the
 * limit is refused before the body is asked for. HTTP that the JDK client will not send (non-ASCII
 * header bytes, broken framing, oversized headers) is written on a raw socket: what Jetty refuses
 * before the API sees it must be a problem too, never an HTML page.
 *
 * <p>The instance here handles one request at a time, which this suite, sending one at a time,
 * never notices; one request held in its handler proves that the next gets 429.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TablecastRuntimeExtension.class)
class BadInputIT {

  @RegisterExtension
  static final CommandsExtension COMMANDS =
      CommandsExtension.withHttp(http -> http.withLimits(HttpSettings.DEFAULT_MAX_BODY_BYTES, 1));

  private static final String PROBLEM = "urn:tablecast:problem:";
  private static final String JSON = "application/json";
  private static final int LIMIT = 64 * 1024;

  /** Traces of Java internals that must never reach a client. */
  private static final Pattern LEAK = Pattern.compile(
      "Exception|Caused by|\\bjava\\.|\\bjavax\\.|\\bjakarta\\.|io\\.tablecast|com\\.fasterxml|org\\.eclipse|io\\.javalin"
          + "|(?m)^\\s*at\\s|\\bat [a-zA-Z_$][\\w$]*(\\.[\\w$<>]+)+\\(");

  private final AtomicInteger probes = new AtomicInteger();
  private RunningCommands commands;
  private HttpTestClient http;

  @BeforeAll
  void givenADepartmentWithAnEmployee(RunningCommands commands) {
    this.commands = commands;
    this.http = commands.http();
    assertThat(http.postJson("/departments", "{\"departmentId\":\"Sales\",\"name\":\"Sales\"}").status()).isEqualTo(201);
    assertThat(http.postJson("/departments", "{\"departmentId\":\"Ops\",\"name\":\"Operations\"}").status()).isEqualTo(201);
    assertThat(http.postJson("/employees", """
        {"employeeId":"5","departmentId":"Sales","firstName":"Ann","lastName":"Lee","email":"ann@x.io","age":30}""")
        .status()).isEqualTo(201);
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("io.tablecast.commands.testdata.BadRequests#badRequests")
  void aBadRequestGetsItsProblemAndWritesNoEvent(BadRequest bad) {
    refusedWithoutEvent(() -> send(bad.method(), bad.path(), bad.publisher(), bad.contentType(), bad.headers()),
        bad.status(), bad.type(), bad.fields());
  }

  /** Requests that the JDK client refuses to send, written byte for byte on a socket. */
  @ParameterizedTest(name = "[{index}] {0}")
  @MethodSource("io.tablecast.commands.testdata.BadRequests#badHttp")
  void badHttpGetsAProblemTooAndWritesNoEvent(RawRequest bad) {
    refusedWithoutEvent(() -> sendRaw(bad.bytes()), bad.status(), bad.type(), Set.of());
  }

  @Test
  void aBodyOverTheLimitWithAContentLengthGets413() {
    byte[] mebibyte = jsonOfSize(1024 * 1024);
    refusedWithoutEvent(
        () -> send("PUT", "/departments/Sales/manager", BodyPublishers.ofByteArray(mebibyte), JSON, Map.of()),
        413, "payload-too-large", Set.of());
  }

  @Test
  void aChunkedBodyOverTheLimitGets413InsteadOfAReset() {
    byte[] mebibyte = jsonOfSize(1024 * 1024);
    refusedWithoutEvent(
        () -> send("POST", "/employees/5/transfer", chunked(mebibyte), JSON, Map.of()),
        413, "payload-too-large", Set.of());
  }

  @Test
  void aChunkedBodyBeyondWhatTheServerDrainsStillGets413() {
    // The server reads and discards at most 8 MiB of an oversized body before it answers.
    byte[] huge = jsonOfSize(32 * 1024 * 1024);
    refusedWithoutEvent(
        () -> send("POST", "/departments", chunked(huge), JSON, Map.of()),
        413, "payload-too-large", Set.of());
  }

  @Test
  void aChunkedBodyJustOverTheLimitGets413() {
    byte[] justOver = jsonOfSize(LIMIT + 1);
    refusedWithoutEvent(
        () -> send("POST", "/employees", chunked(justOver), JSON, Map.of()),
        413, "payload-too-large", Set.of());
  }

  @Test
  void aBodyOfExactlyTheLimitIsReadAndJudgedOnItsContent() {
    // 64 KiB is allowed: this one is refused for its over-long name, not for its size.
    byte[] atLimit = jsonOfSize(LIMIT);
    refusedWithoutEvent(
        () -> send("POST", "/departments", BodyPublishers.ofByteArray(atLimit), JSON, Map.of()),
        422, "validation-failed", Set.of("name"));
  }

  @Test
  void aCommandOverTheInFlightLimitGets429WithRetryAfterAndWritesNoEvent() {
    List<DomainEvent> before = commands.events().all();
    try (HeldRequest held = new HeldRequest("/departments")) {
      Response refused = http.postJson("/departments", "{\"departmentId\":\"Refused\",\"name\":\"Refused\"}");

      assertProblem(new Answer(refused.status(), refused.contentType(), refused.raw().body()), 429, "too-many-requests", Set.of());
      assertThat(refused.header("Retry-After")).as("Retry-After").isEqualTo("1");
      assertThat(http.get("/health").status()).as("health while the instance is full").isEqualTo(200);
      assertThat(held.finish("{\"departmentId\":\"Held\",\"name\":\"Held\"}").status())
          .as("the request held in flight, once its body is sent").isEqualTo(201);
    }
    String probe = "Probe" + probes.incrementAndGet();
    assertThat(http.postJson("/departments", "{\"departmentId\":\"" + probe + "\",\"name\":\"" + probe + "\"}").status())
        .as("the probe command after the refused request").isEqualTo(201);
    List<DomainEvent> after = commands.events().all();
    assertThat(after).as("events after the held, the refused and the probe request").hasSize(before.size() + 2);
    assertThat(after).filteredOn(e -> !before.contains(e))
        .extracting(e -> ((DepartmentCreated) e).name()).containsExactlyInAnyOrder("Held", probe);
  }

  // ---------------------------------------------------------------------------------------------

  /**
   * A command whose body is not sent yet, held in flight: it asks for {@code 100 Continue}, which
   * Jetty sends when the handler starts reading the body, so once it has arrived the request holds
   * its place until {@link #finish} sends the body.
   */
  private final class HeldRequest implements AutoCloseable {

    private final Socket socket;

    HeldRequest(String path) {
      URI server = http.base();
      try {
        socket = new Socket(server.getHost(), server.getPort());
        socket.setSoTimeout(30_000);
        socket.getOutputStream().write(("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
            + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n")
            .getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        assertThat(readHead()).as("the interim response").startsWith("HTTP/1.1 100");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    Answer finish(String json) {
      byte[] body = json.getBytes(UTF_8);
      try {
        socket.getOutputStream().write((Integer.toHexString(body.length) + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().write(body);
        socket.getOutputStream().write("\r\n0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
        return Answer.parse(socket.getInputStream().readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private String readHead() throws IOException {
      StringBuilder head = new StringBuilder();
      InputStream in = socket.getInputStream();
      while (head.length() < 4 || !head.substring(head.length() - 4).equals("\r\n\r\n")) {
        int b = in.read();
        if (b < 0) {
          throw new IOException("The server closed the connection after " + head);
        }
        head.append((char) b);
      }
      return head.toString();
    }

    @Override
    public void close() {
      try {
        socket.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /**
   * Sends a request that must be refused, checks its problem, then proves with a probe command
   * that the event log, read past the refused request, holds no event of it.
   */
  private void refusedWithoutEvent(Supplier<Answer> request, int status, String type, Set<String> fields) {
    int before = commands.events().all().size();

    Answer response = request.get();

    assertProblem(response, status, type, fields);
    String probe = "Probe" + probes.incrementAndGet();
    assertThat(http.postJson("/departments", "{\"departmentId\":\"" + probe + "\",\"name\":\"Probe\"}").status())
        .as("the probe command after the refused request").isEqualTo(201);
    assertThat(commands.events().all()).as("events after the refused request and one probe").hasSize(before + 1);
  }

  private static void assertProblem(Answer response, int status, String type, Set<String> fields) {
    String body = response.body();
    assertThat(response.status()).as("status of a response with body %s", body).isEqualTo(status);
    assertThat(response.contentType()).as("Content-Type").startsWith("application/problem+json");
    assertThat(body).as("the problem body").doesNotContainPattern(LEAK);
    JsonNode problem = response.json();
    assertThat(problem.path("type").asText()).as("problem type in %s", body).isEqualTo(PROBLEM + type);
    assertThat(problem.path("status").asInt()).as("problem status").isEqualTo(status);
    assertThat(problem.path("title").asText()).as("problem title").isNotBlank();
    assertThat(problem.path("detail").asText()).as("problem detail").isNotBlank();
    List<String> named = StreamSupport.stream(problem.path("errors").spliterator(), false)
        .map(e -> e.path("field").asText())
        .toList();
    if (!fields.isEmpty()) {
      assertThat(Set.copyOf(named)).as("fields named in %s", body).isEqualTo(fields);
      assertThat(named.get(0)).as("the first field named").isIn(fields);
    }
  }

  private Answer send(String method, String path, BodyPublisher body, String contentType, Map<String, String> headers) {
    HttpRequest.Builder request = http.request(path).method(method, body);
    if (contentType != null) {
      request.header("Content-Type", contentType);
    }
    headers.forEach(request::header);
    Response response = http.send(request);
    return new Answer(response.status(), response.contentType(), response.raw().body());
  }

  /** Writes {@code request} on a new connection and reads the answer until the server closes it. */
  private Answer sendRaw(byte[] request) {
    URI server = http.request("/").build().uri();
    try (Socket socket = new Socket(server.getHost(), server.getPort())) {
      socket.setSoTimeout(30_000);
      socket.getOutputStream().write(request);
      socket.getOutputStream().flush();
      return Answer.parse(socket.getInputStream().readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("The server dropped the connection instead of answering", e);
    }
  }

  /** A JSON object of exactly {@code size} bytes: a department with a long name. */
  private static byte[] jsonOfSize(int size) {
    String prefix = "{\"departmentId\":\"Big\",\"name\":\"";
    String suffix = "\"}";
    return (prefix + "n".repeat(size - prefix.length() - suffix.length()) + suffix).getBytes(UTF_8);
  }

  /** A body of unknown length, which the JDK client sends chunked. */
  private static BodyPublisher chunked(byte[] body) {
    Supplier<InputStream> stream = () -> new ByteArrayInputStream(body);
    return BodyPublishers.ofInputStream(stream);
  }

  /** An HTTP answer, from the JDK client or read off a socket. */
  record Answer(int status, String contentType, String body) {

    private static final ObjectMapper READER = new ObjectMapper();

    JsonNode json() {
      try {
        return READER.readTree(body);
      } catch (IOException e) {
        throw new UncheckedIOException("Not JSON: " + body, e);
      }
    }

    /** Parses a whole HTTP/1.1 response: status line, headers, and a body that is plain or chunked. */
    static Answer parse(byte[] response) {
      String text = new String(response, StandardCharsets.ISO_8859_1);
      int end = text.indexOf("\r\n\r\n");
      assertThat(end).as("an HTTP response, not %s", text).isPositive();
      String[] lines = text.substring(0, end).split("\r\n");
      int status = Integer.parseInt(lines[0].split(" ")[1]);
      Map<String, String> headers = new LinkedHashMap<>();
      for (int i = 1; i < lines.length; i++) {
        int colon = lines[i].indexOf(':');
        headers.put(lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).strip());
      }
      String body = text.substring(end + 4);
      if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
        body = unchunk(body);
      }
      return new Answer(status, headers.get("content-type"),
          new String(body.getBytes(StandardCharsets.ISO_8859_1), UTF_8));
    }

    private static String unchunk(String chunked) {
      StringBuilder body = new StringBuilder();
      int at = 0;
      while (true) {
        int lineEnd = chunked.indexOf("\r\n", at);
        int size = Integer.parseInt(chunked.substring(at, lineEnd).split(";")[0].strip(), 16);
        if (size == 0) {
          return body.toString();
        }
        body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
        at = lineEnd + 2 + size + 2;
      }
    }
  }
}
