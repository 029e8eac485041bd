package io.tablecast.testkit;

import com.azure.core.http.HttpHeaders;
import com.azure.core.http.HttpMethod;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Injects storage faults into an Azure client's pipeline, for tests: every attempt (retries
 * included) may be answered with a 500 or 503, or fail as a timeout, without reaching the
 * service, or (with {@link #losingResponses()}) reach it and lose its response. Faults can be switched on and off while a test runs, or drawn at random from a seed.
 * Thread-safe.
 */
public final class StorageFaults implements HttpPipelinePolicy {

  private final Random random;
  private volatile double probability;
  private volatile boolean always;
  private volatile boolean losingResponses;
  private volatile String refusedWrites;
  private final AtomicReference<Interloper> interloper = new AtomicReference<>();
  private final AtomicLong injected = new AtomicLong();
  private final AtomicInteger attempts = new AtomicInteger();

  public StorageFaults(long seed) {
    this.random = new Random(seed);
  }

  /** Fails a share of attempts at random, from 0 (none) to 1 (all). */
  public StorageFaults failRandomly(double share) {
    this.probability = share;
    return this;
  }

  /**
   * Makes one in four random faults a lost response: the request reaches the service and takes
   * effect, and the client sees a connection reset, so its retry finds its own write done.
   */
  public StorageFaults losingResponses() {
    this.losingResponses = true;
    return this;
  }

  /** Fails every attempt while on: the storage service is down. */
  public void outage(boolean on) {
    this.always = on;
  }

  /**
   * Answers 403 to every write (any request but a read) whose URL contains {@code urlPart}, such
   * as a table's name, as the service answers a credential without the right to write there; null
   * to stop. A refusal that retrying cannot mend: the caller parks what it was writing.
   */
  public void refuseWrites(String urlPart) {
    this.refusedWrites = urlPart;
  }

  /**
   * Runs {@code action} once, just before the next write (any request but a read) whose URL
   * contains {@code urlPart} goes out: another writer that gets there first. The action must use a
   * client without this policy.
   */
  public void beforeWrite(String urlPart, Runnable action) {
    interloper.set(new Interloper(urlPart, action));
  }

  private record Interloper(String urlPart, Runnable action) {}

  public long injected() {
    return injected.get();
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    String refused = refusedWrites;
    HttpRequest request = context.getHttpRequest();
    Interloper first = interloper.get();
    if (first != null && request.getHttpMethod() != HttpMethod.GET && request.getUrl().toString().contains(first.urlPart())
        && interloper.compareAndSet(first, null)) {
      first.action().run();
    }
    if (refused != null && request.getHttpMethod() != HttpMethod.GET && request.getUrl().toString().contains(refused)) {
      injected.incrementAndGet();
      return Mono.just(new Status(request, 403));
    }
    int attempt = attempts.incrementAndGet();
    boolean fail;
    synchronized (random) {
      fail = always || random.nextDouble() < probability;
    }
    if (!fail) {
      return next.process();
    }
    injected.incrementAndGet();
    if (losingResponses && !always && attempt % 4 == 3) {
      return next.process().flatMap(response -> Mono.error(new IOException("injected: connection reset after the request was served")));
    }
    return switch (attempt % 3) {
      case 0 -> Mono.error(new IOException("injected: connection reset"));
      case 1 -> Mono.just(new Status(context.getHttpRequest(), 500));
      default -> Mono.just(new Status(context.getHttpRequest(), 503));
    };
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_RETRY;
  }

  /** A bodiless response with a status, as a failing service would send. */
  private static final class Status extends HttpResponse {
    private final int status;

    Status(HttpRequest request, int status) {
      super(request);
      this.status = status;
    }

    @Override
    public int getStatusCode() {
      return status;
    }

    @Override
    @Deprecated
    public String getHeaderValue(String name) {
      return null;
    }

    @Override
    public HttpHeaders getHeaders() {
      return new HttpHeaders();
    }

    @Override
    public Flux<ByteBuffer> getBody() {
      return Flux.empty();
    }

    @Override
    public Mono<byte[]> getBodyAsByteArray() {
      return Mono.just(new byte[0]);
    }

    @Override
    public Mono<String> getBodyAsString() {
      return Mono.just("");
    }

    @Override
    public Mono<String> getBodyAsString(Charset charset) {
      return Mono.just("");
    }
  }
}
