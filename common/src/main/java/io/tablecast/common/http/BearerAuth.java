package io.tablecast.common.http;

import io.javalin.apibuilder.ApiBuilder;
import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.tablecast.common.auth.BearerHeader;
import io.tablecast.common.auth.KeysUnavailableException;
import io.tablecast.common.auth.TokenRejectedException;
import io.tablecast.common.auth.TokenVerifier;
import io.tablecast.common.auth.VerifiedToken;
import io.tablecast.common.config.AuthSettings;
import java.time.Duration;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets into a service's routes only the requests with a bearer token that {@link TokenVerifier}
 * accepts and that grants the service's one permission ({@code commands.write},
 * {@code views.read}). It runs before every other handler, so a refused request's body is never
 * read; on success it {@linkplain Caller#attach attaches} the token's subject as the caller.
 *
 * <p>Refusals follow RFC 6750 §3 and are problems like every other error: 401 with
 * {@code WWW-Authenticate: Bearer realm="tablecast"} (and {@code error="invalid_token"} with a
 * description when a token was sent but proves nothing), 403 with {@code error="insufficient_scope"}
 * when it proves who sent it but not that they may. The endpoints {@link HttpService} serves
 * itself for probes and scrapers ({@code /health}, {@code /metrics}, {@code /openapi.json}) stay open,
 * and so do the paths a service names as open: content that holds no data, such as the shell and
 * assets of a page whose script then asks for the data with a token.
 */
public final class BearerAuth implements Handler {

  private static final String REALM = "Bearer realm=\"tablecast\"";
  private static final Duration KEYS_RETRY = Duration.ofSeconds(5);
  private static final Logger log = LoggerFactory.getLogger(BearerAuth.class);

  private final TokenVerifier verifier;
  private final String permission;
  private final Set<String> clients;
  private final Set<String> openPaths;

  private BearerAuth(TokenVerifier verifier, String permission, Set<String> clients, Set<String> openPaths) {
    this.verifier = verifier;
    this.permission = permission;
    this.clients = clients;
    this.openPaths = openPaths;
  }

  /**
   * {@code routes}, each behind a guard that asks for {@code permission}; unchanged when
   * {@code settings} is empty, and then the service logs once that it accepts every request.
   */
  public static EndpointGroup protect(String service, Optional<AuthSettings> settings, String permission, EndpointGroup routes) {
    return protect(service, settings, permission, Set.of(), routes);
  }

  /**
   * As {@link #protect(String, Optional, String, EndpointGroup)}, with {@code openPaths} (exact
   * paths, no patterns) let in without a token, beside the operational endpoints. No caller is
   * attached to them: they must serve nothing that depends on who asks.
   */
  public static EndpointGroup protect(
      String service, Optional<AuthSettings> settings, String permission, Set<String> openPaths, EndpointGroup routes) {
    if (settings.isEmpty()) {
      log.warn("{}: authentication is off (TABLECAST_AUTH=off, or dev mode without TABLECAST_AUTH_ISSUER): every request is accepted,"
          + " as caller '{}'",
          service, Caller.ANONYMOUS.subject());
      return routes;
    }
    Set<String> open = new HashSet<>(HttpService.OPERATIONAL_PATHS);
    open.addAll(openPaths);
    BearerAuth guard = new BearerAuth(TokenVerifier.of(settings.get()), permission, settings.get().clients(), Set.copyOf(open));
    log.info("{}: bearer tokens of {} for audience {} with permission '{}' required", service,
        settings.get().issuer(), settings.get().audience(), permission);
    return () -> {
      ApiBuilder.before(guard);
      routes.addEndpoints();
    };
  }

  @Override
  public void handle(Context ctx) {
    if (openPaths.contains(ctx.path())) {
      return;
    }
    BearerHeader header = BearerHeader.parse(Optional.ofNullable(ctx.header("Authorization")));
    if (header instanceof BearerHeader.Malformed malformed) {
      throw invalidToken(ctx, malformed.reason());
    }
    if (!(header instanceof BearerHeader.Token bearer)) {
      throw refuse(ctx, ProblemType.UNAUTHORIZED, REALM, "This API needs a bearer token.");
    }
    VerifiedToken token = verify(ctx, bearer.value());
    Caller.attach(ctx, new Caller(token.subject())); // also who a refusal below refused, for the request log
    if (!clients.isEmpty() && token.client().filter(clients::contains).isEmpty()) {
      throw refuse(ctx, ProblemType.FORBIDDEN, REALM, "The bearer token's client application ("
          + token.client().orElse("none named") + ") is not one this API accepts.");
    }
    if (!token.grants(permission)) {
      throw refuse(ctx, ProblemType.FORBIDDEN, REALM + ", error=\"insufficient_scope\", scope=\"" + permission + "\"",
          "The bearer token does not grant '" + permission + "'.");
    }
  }

  private VerifiedToken verify(Context ctx, String token) {
    try {
      return verifier.verify(token);
    } catch (TokenRejectedException e) {
      throw invalidToken(ctx, e.getMessage());
    } catch (KeysUnavailableException e) {
      // The issuer's outage, not the caller's fault: retry later rather than a 401 that tells clients to get a new token.
      if (e.limited()) {
        log.info("{} {}: {}", ctx.method(), ctx.path(), e.getMessage());
      } else {
        log.warn("{} {}: {}", ctx.method(), ctx.path(), e.getMessage(), e);
      }
      throw ProblemException.unavailable(e.getMessage() + "; try again shortly.", KEYS_RETRY);
    }
  }

  private static ProblemException invalidToken(Context ctx, String description) {
    return refuse(ctx, ProblemType.UNAUTHORIZED, REALM + ", error=\"invalid_token\", error_description=\"" + description + "\"", description);
  }

  /** The header goes on the response now: the problem mapping keeps the headers already set. */
  private static ProblemException refuse(Context ctx, ProblemType type, String challenge, String detail) {
    ctx.header("WWW-Authenticate", challenge);
    return new ProblemException(type, detail);
  }
}
