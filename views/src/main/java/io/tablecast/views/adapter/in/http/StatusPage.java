package io.tablecast.views.adapter.in.http;

import static io.javalin.apibuilder.ApiBuilder.get;

import io.javalin.apibuilder.EndpointGroup;
import io.javalin.http.Context;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.views.application.Dashboard;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * The operators' status page: {@code GET /} serves one HTML page, {@code GET /assets/{file}} its
 * stylesheet and script (class-path resources, read once at start; no CDN, no build step), and
 * {@code GET /status/dashboard} the JSON the page refreshes from. Read-only. A storage outage
 * reaches the common exception mapper, which answers 503 problem+json, and the page says so.
 *
 * <p>With authentication on, the page and its assets are open ({@link #OPEN_PATHS}): they are the
 * same for everyone and hold no data. The data, {@code /status/dashboard}, needs {@code views.read}
 * like every other read; the script asks for a bearer token when it gets 401 and sends it from
 * then on.
 */
public final class StatusPage implements EndpointGroup {

  /** The page shell and its static assets: what a browser must load before it can send a token. */
  public static final Set<String> OPEN_PATHS = Set.of("/", "/assets/status.css", "/assets/status.js");

  /**
   * Only what the page itself loads: same origin, no inline script or style, nothing framed; no
   * form submission (the sign-in form is handled by the script) and no {@code <base>} to redirect
   * relative URLs.
   */
  static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
      + "img-src 'self' data:; frame-ancestors 'none'; form-action 'none'; base-uri 'none'";

  private record Asset(String contentType, byte[] bytes) {}

  private final Dashboard dashboard;
  private final long samplePeriodSeconds;
  private final Asset page;
  private final Map<String, Asset> assets;

  public StatusPage(Dashboard dashboard, Duration samplePeriod) {
    this.dashboard = dashboard;
    this.samplePeriodSeconds = samplePeriod.toSeconds();
    this.page = asset("index.html", "text/html; charset=utf-8");
    this.assets = Map.of(
        "status.css", asset("status.css", "text/css; charset=utf-8"),
        "status.js", asset("status.js", "text/javascript; charset=utf-8"));
  }

  @Override
  public void addEndpoints() {
    get("/", ctx -> serve(ctx, page));
    get("/assets/{file}", this::asset);
    get("/status/dashboard", ctx -> ctx.header("Cache-Control", "no-store").json(DashboardBody.of(dashboard.read(), samplePeriodSeconds)));
  }

  private void asset(Context ctx) {
    Asset asset = assets.get(ctx.pathParam("file"));
    if (asset == null) {
      throw new ProblemException(ProblemType.NOT_FOUND, "The status page has no asset '" + ctx.pathParam("file") + "'.");
    }
    serve(ctx, asset);
  }

  private static void serve(Context ctx, Asset asset) {
    ctx.header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        .header("Cache-Control", "no-cache")
        .contentType(asset.contentType())
        .result(asset.bytes());
  }

  private static Asset asset(String name, String contentType) {
    String path = "/status-page/" + name;
    try (InputStream in = StatusPage.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new IllegalStateException("No class-path resource " + path);
      }
      return new Asset(contentType, in.readAllBytes());
    } catch (IOException e) {
      throw new UncheckedIOException("Could not read " + path, e);
    }
  }
}
