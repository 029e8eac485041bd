package io.tablecast.common.config;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Bearer-token authentication of an HTTP service: whose tokens it accepts and for whom they must
 * be issued. Absent ({@link #fromEnv} gives an empty optional) when {@code TABLECAST_AUTH_ISSUER}
 * is not set: then the service accepts every request and says so once at start.
 *
 * @param issuer {@code TABLECAST_AUTH_ISSUER}: the tokens' {@code iss}, exactly; its OpenID
 *     discovery document ({@code <issuer>/.well-known/openid-configuration}) names the signing keys.
 *     An {@code https} URL, as is the JWKS's; plain {@code http} only on this machine (a local test
 *     issuer)
 * @param audience {@code TABLECAST_AUTH_AUDIENCE}: a value the tokens' {@code aud} must hold, for
 *     example the application ID URI of the API's app registration
 * @param jwksUrl {@code TABLECAST_AUTH_JWKS_URL}: the signing keys' JWKS, when it is not to be
 *     found through the discovery document
 * @param clockSkew {@code TABLECAST_AUTH_CLOCK_SKEW}, default 60 s: how far {@code exp} and
 *     {@code nbf} may be off, for clocks that differ between issuer and service
 * @param appRolesOnly {@code TABLECAST_AUTH_APP_ROLES_ONLY=true}: a permission counts only when
 *     granted as an app role ({@code roles}), which an administrator assigns, never as a scope
 *     ({@code scp}, {@code scope}), which a user may consent to for an application
 * @param clients {@code TABLECAST_AUTH_CLIENTS}, comma-separated: the client applications whose
 *     tokens are accepted ({@code azp}, or {@code appid} in Entra ID's v1.0 tokens); empty, any
 * @param keysRefresh {@code TABLECAST_AUTH_KEYS_REFRESH}, default 5 minutes: how long the issuer's
 *     signing keys are used before they are fetched again (1s..24h); while the issuer cannot be
 *     reached, the last ones fetched stay in use for up to {@link #KEYS_THROUGH_OUTAGE}
 */
public record AuthSettings(String issuer, String audience, Optional<URI> jwksUrl, Duration clockSkew, boolean appRolesOnly,
    Set<String> clients, Duration keysRefresh) {

  public static final Duration DEFAULT_CLOCK_SKEW = Duration.ofSeconds(60);
  public static final Duration DEFAULT_KEYS_REFRESH = Duration.ofMinutes(5);
  /** How long the last keys fetched stay in use while the issuer cannot be reached: a day, as Entra ID advises. */
  public static final Duration KEYS_THROUGH_OUTAGE = Duration.ofHours(24);

  public AuthSettings {
    httpUrl("TABLECAST_AUTH_ISSUER", issuer);
    if (audience == null || audience.isBlank()) {
      throw new ConfigException("TABLECAST_AUTH_AUDIENCE must be set when TABLECAST_AUTH_ISSUER is");
    }
    jwksUrl.ifPresent(url -> httpUrl("TABLECAST_AUTH_JWKS_URL", url.toString()));
    clients = Set.copyOf(clients);
    if (clockSkew.isNegative() || clockSkew.compareTo(Duration.ofMinutes(5)) > 0) {
      throw new ConfigException("TABLECAST_AUTH_CLOCK_SKEW must be within 0s..5m, was " + clockSkew);
    }
    if (keysRefresh.compareTo(Duration.ofSeconds(1)) < 0 || keysRefresh.compareTo(Duration.ofHours(24)) > 0) {
      throw new ConfigException("TABLECAST_AUTH_KEYS_REFRESH must be within 1s..24h, was " + keysRefresh);
    }
  }

  /** Accepts tokens of {@code issuer} for {@code audience}, keys found by discovery, with the default skew. */
  public static AuthSettings of(String issuer, String audience) {
    return new AuthSettings(issuer, audience, Optional.empty(), DEFAULT_CLOCK_SKEW, false, Set.of(), DEFAULT_KEYS_REFRESH);
  }

  /**
   * Empty when {@code TABLECAST_AUTH_ISSUER} is not set. The audience or JWKS variable set without
   * an issuer is an error rather than a silent "off": it means authentication was meant to be on.
   */
  public static Optional<AuthSettings> fromEnv(Env env) {
    Optional<String> issuer = env.optional("TABLECAST_AUTH_ISSUER");
    if (issuer.isEmpty()) {
      for (String name : new String[] {"TABLECAST_AUTH_AUDIENCE", "TABLECAST_AUTH_JWKS_URL", "TABLECAST_AUTH_KEYS_REFRESH"}) {
        if (env.optional(name).isPresent()) {
          throw new ConfigException(name + " is set but TABLECAST_AUTH_ISSUER is not: set both, or neither to turn authentication off");
        }
      }
      return Optional.empty();
    }
    return Optional.of(new AuthSettings(issuer.get(), env.string("TABLECAST_AUTH_AUDIENCE", ""),
        env.optional("TABLECAST_AUTH_JWKS_URL").map(url -> httpUrl("TABLECAST_AUTH_JWKS_URL", url)),
        env.duration("TABLECAST_AUTH_CLOCK_SKEW", DEFAULT_CLOCK_SKEW), env.flag("TABLECAST_AUTH_APP_ROLES_ONLY", false), clients(env),
        env.duration("TABLECAST_AUTH_KEYS_REFRESH", DEFAULT_KEYS_REFRESH)));
  }

  /**
   * As {@link #fromEnv}, for a service run on its own: closed by default. Without an issuer it
   * refuses to start unless {@code TABLECAST_AUTH=off} says that accepting every request is meant
   * (dev mode, which runs on one machine for one user, takes {@link #fromEnv} instead).
   */
  public static Optional<AuthSettings> required(Env env) {
    String mode = env.choice("TABLECAST_AUTH", "on", List.of("on", "off"));
    Optional<AuthSettings> settings = fromEnv(env);
    if (mode.equals("off") && settings.isPresent()) {
      throw new ConfigException("TABLECAST_AUTH is off but TABLECAST_AUTH_ISSUER is set: unset one of them");
    }
    if (mode.equals("on") && settings.isEmpty()) {
      throw new ConfigException("TABLECAST_AUTH_ISSUER and TABLECAST_AUTH_AUDIENCE are not set: set them, or set TABLECAST_AUTH=off"
          + " to accept every request without a token");
    }
    return settings;
  }

  /** The JWKS address: the configured one, else none, to be discovered. */
  public AuthSettings withJwksUrl(URI url) {
    return new AuthSettings(issuer, audience, Optional.of(url), clockSkew, appRolesOnly, clients, keysRefresh);
  }

  /** Permissions granted as app roles only ({@link #appRolesOnly}). */
  public AuthSettings withAppRolesOnly() {
    return new AuthSettings(issuer, audience, jwksUrl, clockSkew, true, clients, keysRefresh);
  }

  /** Tokens of these client applications only ({@link #clients}). */
  public AuthSettings withClients(Set<String> allowed) {
    return new AuthSettings(issuer, audience, jwksUrl, clockSkew, appRolesOnly, allowed, keysRefresh);
  }

  /** The issuer's keys fetched again after {@code refresh} ({@link #keysRefresh}). */
  public AuthSettings withKeysRefresh(Duration refresh) {
    return new AuthSettings(issuer, audience, jwksUrl, clockSkew, appRolesOnly, clients, refresh);
  }

  private static Set<String> clients(Env env) {
    return env.optional("TABLECAST_AUTH_CLIENTS").stream().flatMap(list -> Arrays.stream(list.split(",")))
        .map(String::trim).filter(client -> !client.isEmpty()).collect(Collectors.toUnmodifiableSet());
  }

  /** Where the issuer publishes its discovery document (OpenID Connect Discovery 1.0, §4). */
  public URI discoveryUrl() {
    String base = issuer.endsWith("/") ? issuer.substring(0, issuer.length() - 1) : issuer;
    return URI.create(base + "/.well-known/openid-configuration");
  }

  private static URI httpUrl(String name, String value) {
    URI uri;
    try {
      uri = URI.create(value == null ? "" : value);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(name + " must be an http(s) URL, was '" + value + "'");
    }
    if (uri.getHost() == null || !("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))) {
      throw new ConfigException(name + " must be an http(s) URL, was '" + value + "'");
    }
    if ("http".equals(uri.getScheme()) && !Loopback.host(uri.getHost())) {
      // Keys fetched over plain HTTP can be swapped on the way: whoever does so signs tokens the service accepts.
      throw new ConfigException(name + " must be an https URL (plain http only on this machine: " + Loopback.names() + "), was '"
          + value + "'");
    }
    return uri;
  }
}
