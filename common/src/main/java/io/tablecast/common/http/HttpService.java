package io.tablecast.common.http;

import io.javalin.Javalin;
import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.tables.StorageErrors;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.BufferUtil;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HTTP server of a Tablecast service: Javalin with the shared conventions of SPEC §5.
 *
 * <p>This is the one place where errors become HTTP responses. A {@link ProblemException}
 * becomes its problem; Javalin's own 404/405/413 and Jetty's own refusals (a request line or
 * header that does not parse, headers too large) become problems of the same shape; anything
 * else is logged once, with the request, and answered with a bare 500 problem: no stack trace
 * and no class name ever reach a client.
 *
 * <p>Every service also gets {@code GET /health} (503 when not up) and {@code GET /metrics}
 * (Prometheus text).
 *
 * <p>The limits of {@link HttpSettings} hold for every route: a declared body over the limit gets
 * 413 before any handler runs ({@link JsonBodies}), and a request over the limit in flight gets
 * 429 ({@link InFlightLimit}). Jetty's thread pool is sized a little over that limit, so that the
 * 429 is what an excess request gets, not a place in Jetty's unbounded queue. With a keystore the
 * service listens on HTTPS only ({@link TlsConnector}), and says so to browsers
 * ({@code Strict-Transport-Security}). Every answer says {@code X-Content-Type-Options: nosniff}:
 * a browser takes a body for what its content type says, never for what it looks like.
 */
public final class HttpService implements AutoCloseable {

  /**
   * The endpoints served here for probes, scrapers and client generators: open with
   * authentication on ({@link BearerAuth}), and not counted in flight ({@link InFlightLimit}), so
   * a full or locked-down instance still reports its health.
   */
  static final Set<String> OPERATIONAL_PATHS = Set.of("/health", "/metrics", "/openapi.json");
  private static final java.time.Duration STORAGE_RETRY = java.time.Duration.ofSeconds(5);
  /** Over HTTPS, browsers are told to use nothing else for a year (the service listens on HTTPS only). */
  private static final String HSTS = "max-age=31536000";
  /**
   * Server threads beyond the in-flight limit: Jetty's acceptor and selectors, and the threads
   * that answer the operational endpoints and the 429s while the limit is reached.
   */
  private static final int SPARE_THREADS = 32;
  private static final Logger log = LoggerFactory.getLogger(HttpService.class);

  private final String name;
  private final Javalin app;
  private final List<String> routes;
  private final String scheme;

  private HttpService(String name, Javalin app, List<String> routes, String scheme) {
    this.routes = routes;
    this.name = name;
    this.app = app;
    this.scheme = scheme;
  }

  /**
   * Starts a server on {@code settings}; port 0 picks a free port (see {@link #port()}).
   *
   * @param routes the service's own endpoints, in Javalin's ApiBuilder style
   */
  public static HttpService start(
      String name,
      HttpSettings settings,
      PrometheusMeterRegistry metrics,
      Supplier<Health> health,
      EndpointGroup routes) {
    return start(name, settings, metrics, health, routes, Optional.empty());
  }

  /**
   * As {@link #start(String, HttpSettings, PrometheusMeterRegistry, Supplier, EndpointGroup)},
   * and serves its OpenAPI 3 document as {@code GET /openapi.json}.
   */
  public static HttpService start(
      String name,
      HttpSettings settings,
      PrometheusMeterRegistry metrics,
      Supplier<Health> health,
      EndpointGroup routes,
      Optional<OpenApiDocument> openApi) {
    List<String> registered = new CopyOnWriteArrayList<>();
    Javalin app =
        Javalin.create(
            config -> {
              config.showJavalinBanner = false;
              config.startupWatcherEnabled = false;
              config.http.prefer405over404 = true;
              config.http.maxRequestSize = settings.maxBodyBytes();
              config.jetty.threadPool = threadPool(settings.maxInFlight());
              settings.keystore().ifPresent(keystore -> config.jetty.addConnector(
                  (server, http) -> TlsConnector.of(server, http, settings, keystore)));
              config.http.defaultContentType = "application/json";
              config.jsonMapper(new JavalinJackson(Json.WRITER, false));
              config.router.ignoreTrailingSlashes = false;
              config.events.handlerAdded(h -> {
                if (h.getHttpMethod().isHttpMethod()) {
                  registered.add(h.getHttpMethod() + " " + h.getPath());
                }
              });
              config.router.apiBuilder(routes);
              config.requestLogger.http((ctx, millis) -> RequestLog.record(name, ctx, millis));
              // Requests that Jetty refuses before Javalin sees them (an unparsable URI or
              // header, headers too large) get problems too, not Jetty's HTML error page.
              config.jetty.modifyServer(server -> server.setErrorHandler(new ProblemErrorHandler()));
              config.jetty.modifyServletContextHandler(context -> context.setErrorHandler(new ProblemErrorHandler()));
            });
    InFlightLimit inFlight = new InFlightLimit(settings.maxInFlight(), metrics);
    boolean tls = settings.keystore().isPresent();
    app.before(ctx -> {
      ctx.header("X-Content-Type-Options", "nosniff");
      if (tls) {
        ctx.header("Strict-Transport-Security", HSTS);
      }
      JsonBodies.limit(ctx, settings.maxBodyBytes());
      inFlight.enter(ctx);
    });
    app.after(inFlight::leave);
    app.get("/health", ctx -> writeHealth(ctx, health.get()));
    app.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(metrics.scrape()));
    openApi.map(OpenApiDocument::bytes)
        .ifPresent(document -> app.get("/openapi.json", ctx -> ctx.contentType("application/json").result(document)));
    app.exception(ProblemException.class, (e, ctx) -> writeProblem(ctx, e));
    app.exception(HttpResponseException.class, (e, ctx) -> writeProblem(ctx, fromJavalin(e)));
    app.exception(Exception.class, (e, ctx) -> {
      if (StorageErrors.unavailable(e)) {
        // The outage is logged once by the storage clients, not once per request.
        log.debug("{} {} {} failed: the storage service is unavailable", name, ctx.method(), ctx.path(), e);
        writeProblem(ctx, ProblemException.unavailable("The storage service is not answering; try again shortly.", STORAGE_RETRY));
        return;
      }
      log.error("{} {} {} failed", name, ctx.method(), ctx.path(), e);
      writeProblem(ctx, new ProblemException(ProblemType.INTERNAL_ERROR, "An internal error occurred."));
    });
    app.error(404, ctx -> replaceWithProblem(ctx, ProblemType.NOT_FOUND, "No such resource: " + ctx.path()));
    app.error(405, ctx -> replaceWithProblem(ctx, ProblemType.METHOD_NOT_ALLOWED, ctx.method() + " is not allowed on " + ctx.path()));
    app.start(settings.host(), settings.port());
    log.info("{} listening on {}://{}:{}", name, settings.scheme(), settings.host(), app.port());
    return new HttpService(name, app, List.copyOf(registered), settings.scheme());
  }

  /** Javalin's default pool (and its thread names, which the benchmarks look for), sized to the in-flight limit. */
  private static QueuedThreadPool threadPool(int maxInFlight) {
    QueuedThreadPool pool = new QueuedThreadPool(maxInFlight + SPARE_THREADS, 8, 60_000);
    pool.setName("JettyServerThreadPool");
    return pool;
  }

  /** The routes this service answers, as {@code "GET /path/{param}"}: what its OpenAPI document must list. */
  public List<String> routes() {
    return routes;
  }

  public int port() {
    return app.port();
  }

  /** The base URI for clients on this machine: {@code https} when the service has a keystore. */
  public URI uri() {
    return URI.create(scheme + "://127.0.0.1:" + port());
  }

  @Override
  public void close() {
    app.stop();
    log.info("{} stopped", name);
  }

  private static void writeHealth(Context ctx, Health health) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("status", health.status());
    body.putAll(health.details());
    ctx.status(health.up() ? 200 : 503).json(body);
  }

  static void writeProblem(Context ctx, ProblemException e) {
    Problem problem = e.problem();
    e.retryAfter().ifPresent(d -> ctx.header("Retry-After", Long.toString(Math.max(1, d.toSeconds()))));
    ctx.status(problem.status()).contentType(Problem.MEDIA_TYPE).result(Json.WRITER.valueToTree(problem).toString());
  }

  /** Javalin's own errors (unmatched route, wrong method, body too large) in our shape. */
  private static ProblemException fromJavalin(HttpResponseException e) {
    ProblemType type = typeOf(e.getStatus());
    return new ProblemException(type, type.title() + ".", List.of());
  }

  /** The problem type of an error status that no handler of ours chose. */
  static ProblemType typeOf(int status) {
    return switch (status) {
      case 400 -> ProblemType.BAD_REQUEST;
      case 404 -> ProblemType.NOT_FOUND;
      case 405 -> ProblemType.METHOD_NOT_ALLOWED;
      case 413 -> ProblemType.PAYLOAD_TOO_LARGE;
      case 414 -> ProblemType.URI_TOO_LONG;
      case 415 -> ProblemType.UNSUPPORTED_MEDIA_TYPE;
      case 429 -> ProblemType.TOO_MANY_REQUESTS;
      case 431 -> ProblemType.HEADERS_TOO_LARGE;
      case 500 -> ProblemType.INTERNAL_ERROR;
      case 503 -> ProblemType.UNAVAILABLE;
      default -> status < 500
          ? new ProblemType(status, "bad-request", "Bad request")
          : new ProblemType(status, "internal-error", "Internal error");
    };
  }

  /**
   * Jetty's error pages as problems: for requests that fail before they reach Javalin (a URI or
   * header that does not parse, headers over Jetty's limit) and for errors Jetty raises itself.
   * Jetty's reason text is not echoed, so nothing of the server's internals reaches a client.
   */
  static final class ProblemErrorHandler extends ErrorHandler {

    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
      if (HttpStatus.hasNoBody(status)) {
        return BufferUtil.EMPTY_BUFFER;
      }
      fields.put(HttpHeader.CONTENT_TYPE, Problem.MEDIA_TYPE + ";charset=utf-8");
      return ByteBuffer.wrap(problemBytes(status));
    }

    @Override
    public void handle(String target, Request baseRequest, HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      baseRequest.setHandled(true);
      if (HttpStatus.hasNoBody(response.getStatus())) {
        return;
      }
      byte[] body = problemBytes(response.getStatus());
      response.setContentType(Problem.MEDIA_TYPE + ";charset=utf-8");
      response.setContentLength(body.length);
      response.getOutputStream().write(body);
    }

    private static byte[] problemBytes(int status) {
      ProblemType type = typeOf(status);
      Problem problem = new ProblemException(type, type.title() + ".").problem();
      return Json.WRITER.valueToTree(problem).toString().getBytes(StandardCharsets.UTF_8);
    }
  }

  private static void replaceWithProblem(Context ctx, ProblemType type, String detail) {
    String contentType = ctx.res().getContentType();
    if (contentType == null || !contentType.startsWith(Problem.MEDIA_TYPE)) {
      writeProblem(ctx, new ProblemException(type, detail));
    }
  }
}
