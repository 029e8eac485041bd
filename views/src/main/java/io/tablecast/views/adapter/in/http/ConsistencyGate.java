package io.tablecast.views.adapter.in.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.ConsistencyToken.AggregateVersion;
import io.tablecast.common.kafka.ConsistencyToken.EventPosition;
import io.tablecast.projection.AggregateRow;
import io.tablecast.views.application.ReadYourWrites;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

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
  private final Predicate<ConsistencyToken> ours;
  private final String refusal;

  /**
   * HR's reads: a token of its commands API, an event's position on its event topics or the
   * version of an aggregate of a kind its views keep.
   */
  ConsistencyGate(ReadYourWrites reads, List<String> eventTopics, List<AggregateRow> aggregates) {
    this(reads, token -> token instanceof EventPosition p ? eventTopics.contains(p.topic())
        : token instanceof AggregateVersion a && aggregates.stream().anyMatch(row -> row.kind().equals(a.kind())),
        "'" + HEADER + "' is not a consistency token of this pipeline's commands API.");
  }

  private ConsistencyGate(ReadYourWrites reads, Predicate<ConsistencyToken> ours, String refusal) {
    this.reads = reads;
    this.ours = ours;
    this.refusal = refusal;
  }

  /**
   * A view set's reads: the position of an event on one of its topics, which its producer
   * encodes from where the event landed ({@link EventPosition#encode()}).
   */
  static ConsistencyGate ofEvents(ReadYourWrites reads, List<String> topics, String viewSet) {
    return new ConsistencyGate(reads, token -> token instanceof EventPosition p && topics.contains(p.topic()),
        "'" + HEADER + "' is not the position of an event on a topic of view set " + viewSet + " " + topics + ".");
  }

  /** {@code read}, run once the write named by the request's token, if any, is reflected. */
  Handler gated(Handler read) {
    return ctx -> {
      await(ctx);
      read.handle(ctx);
    };
  }

  /** Returns once the write named by the request's token, if any, is reflected. */
  void await(Context ctx) {
    String header = ctx.header(HEADER);
    if (header == null) {
      return;
    }
    ConsistencyToken token = ConsistencyToken.parse(header.strip()).filter(ours)
        .orElseThrow(() -> new ProblemException(ProblemType.BAD_REQUEST, refusal));
    if (!reads.await(token)) {
      throw ProblemException.unavailable("The views have not yet applied that write (waited "
          + reads.bound().toMillis() + " ms); try again shortly.", Duration.ofSeconds(1));
    }
  }
}
