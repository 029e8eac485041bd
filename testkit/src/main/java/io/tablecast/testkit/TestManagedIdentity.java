package io.tablecast.testkit;

import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The managed identity endpoint of Azure App Service, for tests: a process started with {@link
 * #env()} ({@code IDENTITY_ENDPOINT}, {@code IDENTITY_HEADER}) gets its Microsoft Entra ID tokens
 * here through azure-identity's {@code DefaultAzureCredential}, with no secret configured.
 *
 * <p>It answers {@code GET <endpoint>?resource=...&api-version=2019-08-01} carrying the header
 * {@code X-IDENTITY-HEADER} with {@code {"access_token", "expires_on", "resource", "token_type"}}.
 * The tokens are well-formed but unsigned JWTs ({@code alg: none}) from the issuer {@code
 * https://sts.windows.net/<tenant>/}, for the audience asked (or the one {@link
 * #mintingAudience} forces), valid for an hour: what Azurite's {@code --oauth basic} checks, and no
 * more; or, from {@link #signedBy}, tokens a {@link TestIssuer} signs, for a verifier that checks
 * signatures against its keys. Requests without the header get 401, and without a resource 400.
 * Thread-safe.
 */
public final class TestManagedIdentity implements AutoCloseable {

  static final String PATH = "/msi/token";
  static final String API_VERSION = "2019-08-01";
  static final Duration LIFETIME = Duration.ofHours(1);

  private final HttpServer server;
  private final String secret = UUID.randomUUID().toString();
  private final String tenant = UUID.randomUUID().toString();
  private final UnaryOperator<String> audienceFor;
  private final Optional<TestIssuer> signer;
  private final AtomicInteger tokensIssued = new AtomicInteger();

  private TestManagedIdentity(HttpServer server, UnaryOperator<String> audienceFor, Optional<TestIssuer> signer) {
    this.server = server;
    this.audienceFor = audienceFor;
    this.signer = signer;
  }

  /** An endpoint whose tokens are for the resource asked, as the real one's. */
  public static TestManagedIdentity start() {
    return start(UnaryOperator.identity(), Optional.empty());
  }

  /** An endpoint whose tokens are all for {@code audience}, whatever is asked: a misconfigured identity. */
  public static TestManagedIdentity mintingAudience(String audience) {
    return start(resource -> audience, Optional.empty());
  }

  /** An endpoint whose tokens {@code issuer} signs, with its {@code iss}, for the resource asked, or for {@code audience} if given. */
  public static TestManagedIdentity signedBy(TestIssuer issuer, Optional<String> audience) {
    return start(resource -> audience.orElse(resource), Optional.of(issuer));
  }

  private static TestManagedIdentity start(UnaryOperator<String> audienceFor, Optional<TestIssuer> signer) {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      TestManagedIdentity identity = new TestManagedIdentity(server, audienceFor, signer);
      server.createContext(PATH, identity::answer);
      server.start();
      return identity;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The variables that point {@code DefaultAzureCredential} in a child process at this endpoint. */
  public Map<String, String> env() {
    return Map.of("IDENTITY_ENDPOINT", endpoint(), "IDENTITY_HEADER", secret);
  }

  public String endpoint() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + PATH;
  }

  /** {@code https://sts.windows.net/<tenant>/}, the tokens' {@code iss}; the signer's, for tokens it signs. */
  public String issuer() {
    return signer.map(TestIssuer::issuer).orElse("https://sts.windows.net/" + tenant + "/");
  }

  /** How many tokens the endpoint has handed out. */
  public int tokensIssued() {
    return tokensIssued.get();
  }

  /** A token as the endpoint would mint it for {@code resource}, without a request. */
  public String token(String resource) {
    return token(resource, Instant.now());
  }

  /** A token for {@code resource} whose hour of validity starts at {@code issuedAt}. */
  public String token(String resource, Instant issuedAt) {
    UnaryOperator<JWTClaimsSet.Builder> claims = builder -> builder
        .issuer(issuer())
        .audience(audienceFor.apply(resource))
        .subject("managed-identity-" + tenant)
        .claim("tid", tenant)
        .issueTime(Date.from(issuedAt))
        .notBeforeTime(Date.from(issuedAt))
        .expirationTime(Date.from(issuedAt.plus(LIFETIME)));
    return signer.map(issuer -> issuer.token(claims)).orElseGet(() -> new PlainJWT(claims.apply(new JWTClaimsSet.Builder()).build())
        .serialize());
  }

  private void answer(HttpExchange exchange) throws IOException {
    Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
    if (!secret.equals(exchange.getRequestHeaders().getFirst("X-IDENTITY-HEADER"))) {
      respond(exchange, 401, Map.of("error", "unauthorized", "error_description", "X-IDENTITY-HEADER is missing or wrong"));
      return;
    }
    Optional<String> resource = Optional.ofNullable(query.get("resource")).filter(r -> !r.isBlank());
    if (resource.isEmpty() || !API_VERSION.equals(query.get("api-version"))) {
      respond(exchange, 400, Map.of("error", "invalid_request", "error_description", "resource and api-version=" + API_VERSION + " are required"));
      return;
    }
    Instant now = Instant.now();
    tokensIssued.incrementAndGet();
    respond(exchange, 200, Map.of(
        "access_token", token(resource.get(), now),
        "expires_on", Long.toString(now.plus(LIFETIME).getEpochSecond()),
        "resource", resource.get(),
        "token_type", "Bearer"));
  }

  private static Map<String, String> query(String raw) {
    if (raw == null || raw.isEmpty()) {
      return Map.of();
    }
    return Arrays.stream(raw.split("&"))
        .map(pair -> pair.split("=", 2))
        .collect(Collectors.toMap(
            pair -> URLDecoder.decode(pair[0], StandardCharsets.UTF_8),
            pair -> pair.length > 1 ? URLDecoder.decode(pair[1], StandardCharsets.UTF_8) : "",
            (first, second) -> first));
  }

  private static void respond(HttpExchange exchange, int status, Map<String, ?> json) throws IOException {
    byte[] body = JSONObjectUtils.toJSONString(json).getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(status, body.length);
    try (var out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
