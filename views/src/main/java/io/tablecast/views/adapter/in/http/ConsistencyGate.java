package io.tablecast.views.adapter.in.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.ConsistencyToken.EventPosition;
import io.tablecast.views.application.ReadYourWrites;
import java.time.Duration;
import java.util.List;

/**
 * {@code X-Consistency-Token} (SPEC §5): before a read, wait until the views reflect the write
 * the token names; 503 with {@code Retry-After} when the bound runs out, 400 for a token that is
 * not one of this pipeline's.
 *
 * <p>The wait runs inside the read's handler ({@link #gated}), not in a before-handler, so that it
 * comes after the bearer token check and the in-flight limit: a waiting read holds its slot, and
 * the limit bounds the waiting reads as it bounds every other request.
 */
final class ConsistencyGate {

  static final String HEADER = "X-Consistency-Token";

  private final ReadYourWrites reads;
  private final List<String> eventTopics;

  ConsistencyGate(ReadYourWrites reads, List<String> eventTopics) {
    this.reads = reads;
    this.eventTopics = List.copyOf(eventTopics);
  }

  /** {@code read}, run once the write named by the request's token, if any, is reflected. */
  Handler gated(Handler read) {
    return ctx -> {
      await(ctx);
      read.handle(ctx);
    };
  }

  private void await(Context ctx) {
    String header = ctx.header(HEADER);
    if (header == null) {
      return;
    }
    ConsistencyToken token = ConsistencyToken.parse(header.strip())
        .filter(t -> !(t instanceof EventPosition p) || eventTopics.contains(p.topic()))
        .orElseThrow(() -> new ProblemException(ProblemType.BAD_REQUEST,
            "'" + HEADER + "' is not a consistency token of this pipeline's commands API."));
    if (!reads.await(token)) {
      throw ProblemException.unavailable("The views have not yet applied that write (waited "
          + reads.bound().toMillis() + " ms); try again shortly.", Duration.ofSeconds(1));
    }
  }
}
