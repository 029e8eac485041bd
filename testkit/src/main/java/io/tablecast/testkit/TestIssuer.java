package io.tablecast.testkit;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.tablecast.common.config.AuthSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * An OpenID Connect issuer for tests: RSA keys made here, its discovery document and JWKS served
 * over HTTP on 127.0.0.1, and tokens minted on demand, good ones and every kind of forgery a
 * service must refuse. Keys can be rotated while services run. Thread-safe.
 */
public final class TestIssuer implements AutoCloseable {

  public static final String AUDIENCE = "api://tablecast-test";
  public static final String SUBJECT = "test-user";

  private final HttpServer server;
  private final AtomicInteger jwksFetches = new AtomicInteger();
  private volatile RSAKey signingKey;
  private volatile List<RSAKey> published;

  private TestIssuer(HttpServer server, RSAKey key) {
    this.server = server;
    this.signingKey = key;
    this.published = List.of(key);
  }

  /** Starts serving, with one key. */
  public static TestIssuer start() {
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
      TestIssuer issuer = new TestIssuer(server, newKey("key-1"));
      server.createContext("/tenant/.well-known/openid-configuration", exchange -> respond(exchange,
          JSONObjectUtils.toJSONString(Map.of("issuer", issuer.issuer(), "jwks_uri", issuer.jwksUrl()))));
      server.createContext("/tenant/keys", exchange -> {
        issuer.jwksFetches.incrementAndGet();
        respond(exchange, new JWKSet(List.<JWK>copyOf(issuer.published)).toPublicJWKSet().toString());
      });
      server.start();
      return issuer;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The issuer identifier: the tokens' {@code iss} and the base of its discovery document. */
  public String issuer() {
    return base() + "/tenant";
  }

  /** Where its signing keys are published (its JWKS). */
  public String jwksUrl() {
    return base() + "/tenant/keys";
  }

  /** Settings that accept this issuer's tokens for {@link #AUDIENCE}, keys found by discovery. */
  public AuthSettings settings() {
    return AuthSettings.of(issuer(), AUDIENCE);
  }

  /** How often the JWKS was fetched, to see the cache at work. */
  public int jwksFetches() {
    return jwksFetches.get();
  }

  /** Signs from now on with a new key, {@code keyId}, and publishes it next to the old ones. */
  public void rotate(String keyId) {
    RSAKey next = newKey(keyId);
    published = Stream.concat(published.stream(), Stream.of(next)).toList();
    signingKey = next;
  }

  /** {@code Authorization: Bearer ...} for a good token of {@link #SUBJECT} granting {@code scp}. */
  public String bearer(String scp) {
    return "Bearer " + token(claims -> claims.claim("scp", scp));
  }

  /** A token signed with the current key, from the good claims changed by {@code change}. */
  public String token(UnaryOperator<JWTClaimsSet.Builder> change) {
    return sign(signingKey, change.apply(goodClaims()).build());
  }

  /** A bearer token granting {@code scp}, good but for its key: one the issuer has not published, named {@code keyId}. */
  public String bearerOfUnpublishedKey(String keyId, String scp) {
    return "Bearer " + sign(newKey(keyId), goodClaims().claim("scp", scp).build());
  }

  /**
   * Authorization header values that a service must answer with 401, by what is wrong with them;
   * empty for no header. Each token but the header cases grants {@code permission}, so only the
   * forgery stands between it and success.
   */
  public Map<String, Optional<String>> hostileAuthorizations(String permission) {
    Instant now = Instant.now();
    UnaryOperator<JWTClaimsSet.Builder> granted = c -> c.claim("scp", permission);
    Map<String, Optional<String>> hostile = new LinkedHashMap<>();
    hostile.put("expired", bearerOf(c -> granted.apply(c).issueTime(Date.from(now.minus(Duration.ofHours(2))))
        .expirationTime(Date.from(now.minus(Duration.ofMinutes(10))))));
    hostile.put("not yet valid", bearerOf(c -> granted.apply(c).notBeforeTime(Date.from(now.plus(Duration.ofMinutes(10))))
        .expirationTime(Date.from(now.plus(Duration.ofMinutes(30))))));
    hostile.put("wrong issuer", bearerOf(c -> granted.apply(c).issuer("https://login.example.com/other-tenant")));
    hostile.put("wrong audience", bearerOf(c -> granted.apply(c).audience("api://another-api")));
    hostile.put("alg none", Optional.of("Bearer " + new PlainJWT(granted.apply(goodClaims()).build()).serialize()));
    hostile.put("tampered signature", Optional.of("Bearer " + tampered(token(granted))));
    hostile.put("HS256 with the public key as secret", Optional.of("Bearer " + hmacWithPublicKey(granted.apply(goodClaims()).build())));
    hostile.put("unknown key id", Optional.of("Bearer " + sign(newKey("never-published"), granted.apply(goodClaims()).build())));
    hostile.put("missing header", Optional.empty());
    hostile.put("malformed header: another scheme", Optional.of("Basic dGVzdDp0ZXN0"));
    hostile.put("malformed header: no token", Optional.of("Bearer"));
    hostile.put("malformed header: not a JWT", Optional.of("Bearer not-a-jwt"));
    return hostile;
  }

  private Optional<String> bearerOf(UnaryOperator<JWTClaimsSet.Builder> change) {
    return Optional.of("Bearer " + token(change));
  }

  private JWTClaimsSet.Builder goodClaims() {
    Instant now = Instant.now();
    return new JWTClaimsSet.Builder().issuer(issuer()).audience(AUDIENCE).subject(SUBJECT)
        .issueTime(Date.from(now)).notBeforeTime(Date.from(now)).expirationTime(Date.from(now.plus(Duration.ofMinutes(10))));
  }

  /** The payload swapped for one naming another subject; the signature left as it was. */
  private static String tampered(String token) {
    String[] parts = token.split("\\.");
    try {
      Map<String, Object> payload = JSONObjectUtils.parse(new Base64URL(parts[1]).decodeToString());
      payload.put("sub", "someone-else");
      return parts[0] + "." + Base64URL.encode(JSONObjectUtils.toJSONString(payload)) + "." + parts[2];
    } catch (java.text.ParseException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The classic algorithm confusion: HS256, keyed with the RSA public key a verifier might use as an HMAC secret. */
  private String hmacWithPublicKey(JWTClaimsSet claims) {
    try {
      SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.HS256).keyID(signingKey.getKeyID()).type(JOSEObjectType.JWT).build(), claims);
      jwt.sign(new MACSigner(signingKey.toRSAPublicKey().getEncoded()));
      return jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String sign(RSAKey key, JWTClaimsSet claims) {
    try {
      SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID(key.getKeyID()).type(JOSEObjectType.JWT).build(), claims);
      jwt.sign(new RSASSASigner(key));
      return jwt.serialize();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  private static RSAKey newKey(String keyId) {
    try {
      return new RSAKeyGenerator(2048).keyID(keyId).generate();
    } catch (JOSEException e) {
      throw new IllegalStateException(e);
    }
  }

  private String base() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  private static void respond(HttpExchange exchange, String json) throws IOException {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json");
    exchange.sendResponseHeaders(200, body.length);
    try (var out = exchange.getResponseBody()) {
      out.write(body);
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
