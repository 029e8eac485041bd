package io.tablecast.views;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablecast.common.http.Health;
import io.tablecast.common.http.HttpService;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.views.adapter.in.http.ViewsApi;
import io.tablecast.views.adapter.out.tables.ActiveTables;
import io.tablecast.views.adapter.out.tables.TableViewStore;
import java.net.URI;
import java.util.Map;

/** The views deployable: the read-only HTTP API over the active generation's tables. */
public final class ViewsService implements AutoCloseable {

  private final ActiveTables tables;
  private final HttpService http;

  private ViewsService(ActiveTables tables, HttpService http) {
    this.tables = tables;
    this.http = http;
  }

  public static ViewsService start(ViewsConfig config) {
    ActiveTables tables = new ActiveTables(new AzureClients(config.storage()), config.namespace());
    PrometheusMeterRegistry metrics = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    HttpService http = HttpService.start(
        "views",
        config.http(),
        metrics,
        () -> new Health(true, Map.of("activeGeneration", tables.state().activeGeneration())),
        new ViewsApi(new TableViewStore(tables)));
    return new ViewsService(tables, http);
  }

  public URI uri() {
    return http.uri();
  }

  @Override
  public void close() {
    http.close();
    tables.close();
  }
}
