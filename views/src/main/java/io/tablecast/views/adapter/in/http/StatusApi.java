package io.tablecast.views.adapter.in.http;

import static io.javalin.apibuilder.ApiBuilder.get;

import io.javalin.apibuilder.EndpointGroup;
import io.tablecast.views.application.StatusSource;

/**
 * {@code /status} (SPEC §9): the pipeline's generations, progress, queues and dead letters. It
 * reports the pipeline rather than a write's result, so it answers at once, without {@code
 * X-Consistency-Token}.
 */
public final class StatusApi implements EndpointGroup {

  private final StatusSource status;

  public StatusApi(StatusSource status) {
    this.status = status;
  }

  @Override
  public void addEndpoints() {
    get("/status", ctx -> ctx.json(Responses.Status.of(status.read())));
  }
}
