package io.tablecast.common.http;

/** One problem with one field of a request: {@code field} is a JSON pointer-like dotted path. */
public record FieldError(String field, String message) {}
