package io.tablecast.common.auth;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.jwk.source.RateLimitReachedException;
import com.nimbusds.jose.proc.BadJOSEException;
import com.nimbusds.jose.proc.DefaultJOSEObjectTypeVerifier;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jose.util.DefaultResourceRetriever;
import com.nimbusds.jose.util.JSONObjectUtils;
import com.nimbusds.jose.util.ResourceRetriever;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;
import io.tablecast.common.config.AuthSettings;
import io.tablecast.common.config.ConfigException;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.text.ParseException;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * Verifies bearer tokens (signed JWTs) against one OpenID Connect issuer: the signature with the
 * issuer's published keys, then {@code iss}, {@code aud}, {@code exp} and {@code nbf} (within the
 * configured clock skew), and a {@code sub}.
 *
 * <p>Only asymmetric algorithms are accepted (RSA and EC, as Entra ID and every OIDC issuer sign):
 * never {@code none} and never HMAC, so a token "signed" with the public key as an HMAC secret
 * fails like any forgery. The keys come from the issuer's JWKS, found through its discovery
 * document at construction unless a JWKS URL is configured; nimbus caches them ({@link
 * AuthSettings#keysRefresh}, 5 minutes by default, refreshed ahead of expiry) and fetches them
 * again when a token names a key id it does not know, at most twice in 30 seconds (or in half the
 * refresh, if shorter), so a key rotation is picked up at once and a flood of made-up key ids
 * cannot flood the issuer. A key id that a fetch did not find is refused (401) until the next
 * fetch may run; one not yet looked for while fetches are held back cannot be judged, and is
 * {@link KeysUnavailableException} (503): it may be the issuer's newest key. While the issuer
 * cannot be reached, the keys last fetched stay in use for up to {@link
 * AuthSettings#KEYS_THROUGH_OUTAGE}: an issuer's outage does not turn valid tokens away.
 * Thread-safe.
 */
public final class TokenVerifier {

  /** RS256..RS512, PS256..PS512, ES256..ES512: the asymmetric algorithms, and no others. */
  private static final Set<JWSAlgorithm> ASYMMETRIC = asymmetric();
  private static final int TIMEOUT_MS = 5_000;
  private static final int SIZE_LIMIT_BYTES = 512 * 1024;
  private static final int MAX_DESCRIPTION = 200;

  /** How many key ids found missing a verifier remembers at most: made-up ones must not fill the memory. */
  private static final int MISSING_KEY_IDS = 10_000;

  private final DefaultJWTProcessor<SecurityContext> processor;
  private final boolean appRolesOnly;
  private final long fetchInterval;
  private final Map<String, Long> missingKeyIds = new ConcurrentHashMap<>();

  private TokenVerifier(DefaultJWTProcessor<SecurityContext> processor, boolean appRolesOnly, long fetchInterval) {
    this.processor = processor;
    this.appRolesOnly = appRolesOnly;
    this.fetchInterval = fetchInterval;
  }

  /**
   * Reads the issuer's discovery document (unless {@code settings} names the JWKS) and builds the
   * verifier. A discovery document that cannot be read, or that names another issuer, stops the
   * service from starting: it could accept no token.
   */
  public static TokenVerifier of(AuthSettings settings) {
    ResourceRetriever retriever = new DefaultResourceRetriever(TIMEOUT_MS, TIMEOUT_MS, SIZE_LIMIT_BYTES);
    URI jwks = settings.jwksUrl().orElseGet(() -> discoverJwks(settings, retriever));
    long refresh = settings.keysRefresh().toMillis();
    long fetchInterval = Math.min(JWKSourceBuilder.DEFAULT_RATE_LIMIT_MIN_INTERVAL, refresh / 2);
    JWKSource<SecurityContext> keys = JWKSourceBuilder.create(url(jwks), retriever)
        // nimbus needs the refresh-ahead time and the wait for another thread's fetch to fit in the refresh.
        .cache(refresh, Math.min(TIMEOUT_MS, refresh / 4))
        .refreshAheadCache(Math.min(JWKSourceBuilder.DEFAULT_REFRESH_AHEAD_TIME, refresh / 2), false)
        .rateLimited(fetchInterval)
        .retrying(true)
        .outageTolerant(AuthSettings.KEYS_THROUGH_OUTAGE.toMillis())
        .build();

    DefaultJWTProcessor<SecurityContext> processor = new DefaultJWTProcessor<>();
    processor.setJWSTypeVerifier(new DefaultJOSEObjectTypeVerifier<>(JOSEObjectType.JWT, new JOSEObjectType("at+jwt"), null));
    processor.setJWSKeySelector(new JWSVerificationKeySelector<>(ASYMMETRIC, keys));
    DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(
        Set.of(settings.audience()), new JWTClaimsSet.Builder().issuer(settings.issuer()).build(), Set.of("sub", "exp"), null);
    claims.setMaxClockSkew((int) settings.clockSkew().toSeconds());
    processor.setJWTClaimsSetVerifier(claims);
    return new TokenVerifier(processor, settings.appRolesOnly(), fetchInterval);
  }

  /**
   * @throws TokenRejectedException when the token proves nothing, with the reason
   * @throws KeysUnavailableException when the issuer's keys cannot be fetched, or cannot be fetched
   *     again yet for a key id not looked for since the last fetch (a key the issuer has just
   *     published, perhaps); a key id the keys were fetched for and did not have is refused
   */
  public VerifiedToken verify(String token) throws TokenRejectedException, KeysUnavailableException {
    JWTClaimsSet claims;
    try {
      claims = processor.process(token, null);
    } catch (ParseException e) {
      throw new TokenRejectedException("The bearer token is not a JWT.");
    } catch (BadJOSEException e) {
      if (e.getMessage() != null && e.getMessage().contains("no matching key")) {
        keyIdOf(token).ifPresent(this::foundMissing);
      }
      throw new TokenRejectedException(describe(e.getMessage()));
    } catch (RateLimitReachedException e) {
      // An unknown key id, and the keys were fetched twice in the last 30 s already.
      Optional<String> keyId = keyIdOf(token);
      if (keyId.isEmpty() || isMissing(keyId.get())) {
        throw new TokenRejectedException("The bearer token's key id is not among the issuer's signing keys.");
      }
      throw KeysUnavailableException.limited("The bearer token names a key id the issuer's signing keys did not have when last "
          + "fetched, moments ago", e);
    } catch (KeySourceException e) {
      throw new KeysUnavailableException("The issuer's signing keys could not be fetched", e);
    } catch (JOSEException e) {
      throw new TokenRejectedException("The bearer token's signature could not be verified.");
    }
    if (claims.getSubject() == null || claims.getSubject().isBlank()) {
      throw new TokenRejectedException("The bearer token names no subject.");
    }
    String subject = subjectOf(claims);
    if (subject.equals(VerifiedToken.ANONYMOUS)) {
      throw new TokenRejectedException("The bearer token's subject is '" + subject + "', which names requests without authentication.");
    }
    Optional<String> client = Stream.of("azp", "appid").map(claims::getClaim).filter(String.class::isInstance)
        .map(String.class::cast).findFirst();
    return new VerifiedToken(subject, client, appRolesOnly
        ? Permissions.granted(null, null, claims.getClaim("roles"))
        : Permissions.granted(claims.getClaim("scp"), claims.getClaim("scope"), claims.getClaim("roles")));
  }

  /** The key id of a token signed with an asymmetric algorithm, the only ones whose keys are looked up; else empty. */
  private static Optional<String> keyIdOf(String token) {
    try {
      JWSHeader header = JWSObject.parse(token).getHeader();
      return ASYMMETRIC.contains(header.getAlgorithm()) ? Optional.ofNullable(header.getKeyID()) : Optional.empty();
    } catch (ParseException e) {
      return Optional.empty();
    }
  }

  /** The keys were just looked up for {@code keyId} and did not have it: so they are taken to be until the next fetch may run. */
  private void foundMissing(String keyId) {
    long now = System.currentTimeMillis();
    if (missingKeyIds.size() >= MISSING_KEY_IDS) {
      missingKeyIds.values().removeIf(until -> until <= now);
      if (missingKeyIds.size() >= MISSING_KEY_IDS) {
        missingKeyIds.clear();
      }
    }
    missingKeyIds.put(keyId, now + fetchInterval);
  }

  private boolean isMissing(String keyId) {
    Long until = missingKeyIds.get(keyId);
    return until != null && until > System.currentTimeMillis();
  }

  /** Who sent the token ({@link VerifiedToken#subject}): Entra ID's object id in its tenant when the token has them, else {@code sub}. */
  private static String subjectOf(JWTClaimsSet claims) {
    if (claims.getClaim("oid") instanceof String oid && !oid.isBlank()) {
      return claims.getClaim("tid") instanceof String tid && !tid.isBlank() ? oid + "@" + tid : oid;
    }
    return claims.getSubject();
  }

  /** nimbus's reason, fit for a quoted-string of RFC 6750 §3: printable ASCII without quotes or backslashes. */
  static String describe(String reason) {
    StringBuilder out = new StringBuilder();
    for (char c : (reason == null ? "The bearer token was rejected" : reason).toCharArray()) {
      if (out.length() >= MAX_DESCRIPTION) {
        break;
      }
      out.append(c >= 0x20 && c <= 0x7e && c != '"' && c != '\\' ? c : '?');
    }
    return out.toString();
  }

  private static URI discoverJwks(AuthSettings settings, ResourceRetriever retriever) {
    URI discovery = settings.discoveryUrl();
    Map<String, Object> document;
    try {
      document = JSONObjectUtils.parse(retriever.retrieveResource(url(discovery)).getContent());
    } catch (IOException | ParseException e) {
      throw new IllegalStateException("Could not read the OpenID discovery document " + discovery + ": " + e.getMessage(), e);
    }
    try {
      String issuer = JSONObjectUtils.getString(document, "issuer");
      if (!settings.issuer().equals(issuer)) {
        throw new ConfigException("TABLECAST_AUTH_ISSUER is " + settings.issuer() + " but its discovery document names the issuer " + issuer);
      }
      URI jwks = JSONObjectUtils.getURI(document, "jwks_uri");
      if (jwks == null) {
        throw new IllegalStateException("The OpenID discovery document " + discovery + " names no jwks_uri");
      }
      return jwks;
    } catch (ParseException e) {
      throw new IllegalStateException("The OpenID discovery document " + discovery + " is malformed: " + e.getMessage(), e);
    }
  }

  private static URL url(URI uri) {
    try {
      return uri.toURL();
    } catch (MalformedURLException | IllegalArgumentException e) {
      throw new ConfigException("Not a URL: " + uri);
    }
  }

  private static Set<JWSAlgorithm> asymmetric() {
    Set<JWSAlgorithm> algorithms = new HashSet<>(JWSAlgorithm.Family.RSA);
    algorithms.addAll(JWSAlgorithm.Family.EC);
    return Set.copyOf(algorithms);
  }
}
