package io.tablecast.commands.adapter.in.http;

/** The success body of every command (SPEC §5); the version is also the {@code ETag}. */
record CommandAccepted(String commandId, String aggregateId, long version, String consistencyToken) {}
