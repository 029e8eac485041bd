package io.tablecast.commands.domain;

import io.tablecast.events.EmployeeId;

/** Who holds an address in the email registry, and which command claimed it for them. */
public record EmailClaim(EmployeeId owner, String claimedBy) {}
