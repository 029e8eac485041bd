package io.tablecast.common.config;

import java.time.Duration;

/**
 * How the queue workers run (SPEC §4).
 *
 * @param perQueue competing workers per work queue in this process; 0 runs none here
 * @param messagesInFlight how many received messages the workers of this process handle at once,
 *     all queues together: a message's requests run one after another, so one message at a time
 *     leaves the store idle while the queue grows
 * @param visibilityTimeout how long a received message stays hidden from other workers
 * @param lease how long a worker holds the rows a message's step leases; it stops writing after a
 *     third of it
 * @param backoff the delay before a failed message is tried again, doubled at each attempt; like
 *     the visibility timeout, in whole seconds, as the queue service counts them
 * @param maxBackoff the longest such delay
 * @param maxDequeues after this many attempts, a message that keeps failing for good is parked
 *     in its poison queue
 * @param instance who the workers of this process are, in the leases they take: by default a
 *     random id per process; dev mode keeps its own, to know the leases of a run that crashed
 */
public record WorkerSettings(int perQueue, int messagesInFlight, Duration visibilityTimeout, Duration lease, Duration backoff, Duration maxBackoff, int maxDequeues,
    String instance) {

  public static final WorkerSettings DEFAULT =
      new WorkerSettings(1, 8, Duration.ofMinutes(2), Duration.ofMinutes(3), Duration.ofSeconds(1), Duration.ofMinutes(1), 5);

  /** With a new random {@link #instance()}. */
  public WorkerSettings(int perQueue, int messagesInFlight, Duration visibilityTimeout, Duration lease, Duration backoff, Duration maxBackoff,
      int maxDequeues) {
    this(perQueue, messagesInFlight, visibilityTimeout, lease, backoff, maxBackoff, maxDequeues, newInstance());
  }

  /** A fresh instance id: short, unique, and free of the {@code /} that separates it from an attempt in a lease. */
  public static String newInstance() {
    return java.util.UUID.randomUUID().toString().substring(0, 13);
  }

  public WorkerSettings {
    if (instance == null || instance.isBlank() || instance.contains("/")) {
      throw new IllegalArgumentException("'instance' must be a non-blank id without '/'");
    }
    if (perQueue < 0 || messagesInFlight < 1 || maxDequeues < 1) {
      throw new IllegalArgumentException("'perQueue' must be at least 0, 'messagesInFlight' and 'maxDequeues' at least 1");
    }
    if (visibilityTimeout.isNegative() || visibilityTimeout.isZero() || lease.isNegative() || lease.isZero()) {
      throw new IllegalArgumentException("'visibilityTimeout' and 'lease' must be positive");
    }
    if (!wholeSeconds(visibilityTimeout) || !wholeSeconds(backoff) || !wholeSeconds(maxBackoff)) {
      // The queue service counts visibility in whole seconds; 50 ms would silently become 0.
      throw new IllegalArgumentException("'visibilityTimeout', 'backoff' and 'maxBackoff' must be whole seconds, at least 0");
    }
  }

  private static boolean wholeSeconds(Duration duration) {
    return !duration.isNegative() && duration.getNano() == 0;
  }

  /**
   * {@code TABLECAST_WORKERS}: workers per queue, default 1; {@code TABLECAST_WORKER_MESSAGES}:
   * messages handled at once, default 8; the rest are the defaults.
   */
  public static WorkerSettings fromEnv(Env env) {
    return DEFAULT.withPerQueue(env.integer("TABLECAST_WORKERS", DEFAULT.perQueue(), 0, 64))
        .withMessagesInFlight(env.integer("TABLECAST_WORKER_MESSAGES", DEFAULT.messagesInFlight(), 1, 64));
  }

  public WorkerSettings withPerQueue(int workers) {
    return new WorkerSettings(workers, messagesInFlight, visibilityTimeout, lease, backoff, maxBackoff, maxDequeues, instance);
  }

  public WorkerSettings withMessagesInFlight(int messages) {
    return new WorkerSettings(perQueue, messages, visibilityTimeout, lease, backoff, maxBackoff, maxDequeues, instance);
  }

  public WorkerSettings withInstance(String id) {
    return new WorkerSettings(perQueue, messagesInFlight, visibilityTimeout, lease, backoff, maxBackoff, maxDequeues, id);
  }

  /** The delay before attempt {@code dequeueCount + 1}: doubling from {@link #backoff}, capped. */
  public Duration backoffAfter(long dequeueCount) {
    long factor = 1L << Math.min(20, Math.max(0, dequeueCount - 1));
    Duration delay = backoff.multipliedBy(factor);
    return delay.compareTo(maxBackoff) > 0 ? maxBackoff : delay;
  }
}
