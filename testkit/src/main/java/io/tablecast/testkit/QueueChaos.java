package io.tablecast.testkit;

import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.UrlBuilder;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Mono;

/**
 * Makes Azure Storage Queues less orderly than they already are, for tests: a share of the
 * messages sent are sent twice (duplicates), and a share are sent hidden for a random while
 * (reordering: they overtake nothing and are overtaken). Only message sends are touched. Thread-safe.
 */
public final class QueueChaos implements HttpPipelinePolicy {

  private final Random random;
  private final double duplicates;
  private final double delays;
  private final int maxDelaySeconds;
  private final AtomicLong duplicated = new AtomicLong();
  private final AtomicLong delayed = new AtomicLong();

  /**
   * @param duplicates the share of sends made twice
   * @param delays the share of sends hidden for 1 to {@code maxDelaySeconds} seconds
   */
  public QueueChaos(long seed, double duplicates, double delays, int maxDelaySeconds) {
    this.random = new Random(seed);
    this.duplicates = duplicates;
    this.delays = delays;
    this.maxDelaySeconds = maxDelaySeconds;
  }

  public long duplicated() {
    return duplicated.get();
  }

  public long delayed() {
    return delayed.get();
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    HttpRequest request = context.getHttpRequest();
    if (request.getHttpMethod() != HttpMethod.POST || !request.getUrl().getPath().endsWith("/messages")) {
      return next.process();
    }
    boolean twice;
    int delay = 0;
    synchronized (random) {
      twice = random.nextDouble() < duplicates;
      if (random.nextDouble() < delays) {
        delay = 1 + random.nextInt(maxDelaySeconds);
      }
    }
    if (delay > 0) {
      UrlBuilder url = UrlBuilder.parse(request.getUrl());
      url.setQueryParameter("visibilitytimeout", Integer.toString(delay));
      request.setUrl(url.toString());
      delayed.incrementAndGet();
    }
    if (!twice) {
      return next.process();
    }
    duplicated.incrementAndGet();
    HttpPipelineNextPolicy again = next.clone();
    return next.process().flatMap(first -> {
      first.close();
      return again.process();
    });
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_CALL;
  }
}
