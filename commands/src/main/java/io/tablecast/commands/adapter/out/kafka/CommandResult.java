package io.tablecast.commands.adapter.out.kafka;

import io.tablecast.commands.domain.Rejection;

/**
 * A decision that produced no event, published on {@code tablecast.command-results} for the HTTP
 * service that waits for it. Accepted commands are reported by their event instead, which also
 * gives the consistency token.
 */
public record CommandResult(String commandId, String aggregateId, Rejection rejection) {}
