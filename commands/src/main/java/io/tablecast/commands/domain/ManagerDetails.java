package io.tablecast.commands.domain;

/** A manager's names and email as they are when assigned: event-carried state (SPEC §2). */
public record ManagerDetails(String firstName, String lastName, String email) {}
