package io.tablecast.views.adapter.in.http;

import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.tablecast.common.http.ProblemException;
import io.tablecast.common.http.ProblemType;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.ConsistencyToken.AggregateVersion;
import io.tablecast.common.kafka.ConsistencyToken.EventPosition;
import io.tablecast.common.kafka.ConsistencyTokens;
import io.tablecast.projection.AggregateRow;
import io.tablecast.views.application.ReadYourWrites;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code X-Consistency-Token} (SPEC §5): before a read, wait until the views reflect the write
 * the token names; 503 with {@code Retry-After} when the bound runs out, 400 for a token that is
 * not one of this pipeline's (with {@code TABLECAST_CONSISTENCY_KEY}, one not signed with it).
 *
 * <p>The wait runs inside the read's handler ({@link #gated}), not in a before-handler, so that it
 * comes after the bearer token check and the in-flight limit: a waiting read holds its slot, and
 * the limit bounds the waiting reads as it bounds every other request.
 */
final class ConsistencyGate {

  static final String HEADER = "X-Consistency-Token";

  private final ReadYourWrites reads;
  private final ConsistencyTokens tokens;
  private final List<String> topics;
  private final Set<String> kinds;
  private final String refusal;

  /**
   * A view set's reads: the position of an event on one of its topics, which its producer (HR's
   * commands API, or a team's own) encodes from where the event landed ({@link EventPosition#encode()}),
   * or the version of an aggregate of a kind it declares ({@link AggregateRow}).
   *
   * @param tokens which tokens are taken: with a key, only those signed with it
   */
  ConsistencyGate(ViewSetRoutes.Served views, ConsistencyTokens tokens) {
    this.reads = views.reads();
    this.tokens = tokens;
    this.topics = views.topics();
    this.kinds = views.aggregates().stream().map(AggregateRow::kind).collect(Collectors.toUnmodifiableSet());
    this.refusal = "'" + HEADER + "' is not " + (tokens.signed() ? "a token signed for this pipeline naming " : "")
        + "the position of an event on a topic of view set " + views.viewSet().name() + " " + topics
        + (kinds.isEmpty() ? "" : " nor the version of one of its aggregates " + kinds.stream().sorted().toList()) + ".";
  }

  private boolean ours(ConsistencyToken token) {
    return token instanceof EventPosition p ? topics.contains(p.topic()) : token instanceof AggregateVersion a && kinds.contains(a.kind());
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
    ConsistencyToken token = tokens.read(header.strip()).filter(this::ours)
        .orElseThrow(() -> new ProblemException(ProblemType.BAD_REQUEST, refusal));
    if (!reads.await(token)) {
      throw ProblemException.unavailable("The views have not yet applied that write (waited "
          + reads.bound().toMillis() + " ms); try again shortly.", Duration.ofSeconds(1));
    }
  }
}
