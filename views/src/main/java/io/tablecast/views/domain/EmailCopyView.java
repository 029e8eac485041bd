package io.tablecast.views.domain;

/** An {@code email_} copy of the intra-partition index: the guide's index that need not hold every property (SPEC §9). */
public record EmailCopyView(String employeeId, String departmentId, String firstName, String lastName, String email) {}
