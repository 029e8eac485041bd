package io.tablecast.commands.domain;

/** One field of a command that breaks a rule of SPEC §9. */
public record Violation(String field, String message) {}
