package io.tablecast.projector.application;

import io.tablecast.events.DomainEvent;
import io.tablecast.viewstore.domain.SourcePosition;

/**
 * An event to project.
 *
 * @param uncertain whether an earlier owner of the partition may have applied it in part before
 *     it stopped without committing (it lies between that owner's last applied offset and the end
 *     of the batch it had started)
 */
public record PolledEvent(DomainEvent event, SourcePosition position, boolean uncertain) {}
