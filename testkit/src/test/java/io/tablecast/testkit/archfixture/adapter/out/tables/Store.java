package io.tablecast.testkit.archfixture.adapter.out.tables;

/** A table adapter. */
public record Store() {}
