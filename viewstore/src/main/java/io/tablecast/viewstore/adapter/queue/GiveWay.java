package io.tablecast.viewstore.adapter.queue;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.google.common.util.concurrent.RateLimiter;
import java.util.function.BooleanSupplier;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * Index work gives way to the views: while the projector beside the workers is past its
 * freshness target (its oldest batch in flight has waited longer than it should), every storage
 * request of the workers (table and queue alike, retries included) waits for its
 * turn, at most {@link #REQUESTS_PER_SECOND} a second for all the workers of the process, and each
 * worker receives one message at a time. The storage account's requests then go to the projector's
 * own writes first, and index work never comes in bursts that would hold them up; it never stops either,
 * and goes on at full speed once the projector is back within its target. Records merely in
 * flight, as there always are a few under a steady load, do not slow it; nor does a partition the
 * projector has paused.
 *
 * <p>A pipeline policy of the workers' own clients ({@code AzureClients.with}); their calls are
 * synchronous and run on the worker's thread, which is the one that waits.
 */
public final class GiveWay implements HttpPipelinePolicy {

  /** A tenth of what one Azurite serves; a small share of a real storage account. */
  static final double REQUESTS_PER_SECOND = 100;

  private final BooleanSupplier viewsBehind;
  private final RateLimiter pace;

  public GiveWay(BooleanSupplier viewsBehind) {
    this(viewsBehind, REQUESTS_PER_SECOND);
  }

  GiveWay(BooleanSupplier viewsBehind, double requestsPerSecond) {
    this.viewsBehind = viewsBehind;
    this.pace = RateLimiter.create(requestsPerSecond);
  }

  /** Whether the views are behind: the workers then take a single message at a time. */
  public boolean viewsBehind() {
    return viewsBehind.getAsBoolean();
  }

  /** Returns at once while the views are not behind; otherwise when this request's turn has come. */
  public void awaitTurn() {
    if (viewsBehind.getAsBoolean()) {
      pace.acquire();
    }
  }

  @Override
  public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    awaitTurn();
    return next.processSync();
  }

  /** Asynchronous calls (none of the workers' own) wait off the event loop, and only while paced. */
  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    if (!viewsBehind.getAsBoolean()) {
      return next.process();
    }
    return Mono.fromRunnable(pace::acquire).subscribeOn(Schedulers.boundedElastic()).then(next.process());
  }
}
