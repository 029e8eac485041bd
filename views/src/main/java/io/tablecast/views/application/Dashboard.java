package io.tablecast.views.application;

import io.tablecast.views.domain.PipelineStatus;
import io.tablecast.views.domain.dashboard.DashboardView;
import io.tablecast.views.domain.dashboard.ParkedMessage;
import io.tablecast.views.domain.PartitionState;
import io.tablecast.views.domain.dashboard.RebuildProgress;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The status page's use case: {@code /status} read live, what an operator needs beside it, and
 * the sampler's history. Read-only; a storage failure propagates, so that the page says storage
 * is not answering rather than showing half a picture.
 */
public final class Dashboard {

  private final StatusSource status;
  private final CheckpointSource checkpoints;
  private final ParkedSource parked;
  private final Sampler sampler;
  private final Clock clock;

  public Dashboard(StatusSource status, CheckpointSource checkpoints, ParkedSource parked, Sampler sampler, Clock clock) {
    this.status = status;
    this.checkpoints = checkpoints;
    this.parked = parked;
    this.sampler = sampler;
    this.clock = clock;
  }

  public DashboardView read() {
    PipelineStatus now = status.read();
    Instant at = clock.instant();
    // The active generation's checkpoints come with /status: only a pending one is read apart.
    List<PartitionState> partitions = now.partitionStates();
    long applied = now.partitions().stream().mapToLong(p -> p.appliedOffset().isPresent() ? p.appliedOffset().getAsLong() + 1 : 0).sum();
    Optional<RebuildProgress> rebuild = now.pendingGeneration().isPresent()
        ? Optional.of(RebuildProgress.of(now.pendingGeneration().getAsInt(), checkpoints.rows(now.pendingGeneration().getAsInt())))
        : Optional.empty();
    boolean anyParked = Sampler.activeQueues(now).stream().anyMatch(q -> q.poisonDepth() > 0);
    Map<String, ParkedMessage> oldest = anyParked ? parked.oldestParked(now.activeGeneration()) : Map.of();
    return new DashboardView(at, now, applied, partitions, rebuild, oldest, sampler.samples());
  }
}
