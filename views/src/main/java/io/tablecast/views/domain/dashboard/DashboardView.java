package io.tablecast.views.domain.dashboard;

import io.tablecast.views.domain.PartitionState;
import io.tablecast.views.domain.PipelineStatus;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything the status page shows at one moment: {@code /status}, and what an operator needs
 * next to it (why a partition is paused or stalled, a rebuild's progress, why messages were
 * parked), with the charts' last samples.
 *
 * @param eventsApplied records of the log that the active generation has applied, over all partitions
 * @param oldestParked by work queue name: the oldest message of its poison queue
 */
public record DashboardView(
    Instant readAt, PipelineStatus status, long eventsApplied, List<PartitionState> partitions,
    Optional<RebuildProgress> rebuild, Map<String, ParkedMessage> oldestParked, List<Sample> samples) {}
