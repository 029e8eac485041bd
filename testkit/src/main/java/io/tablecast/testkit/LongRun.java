package io.tablecast.testkit;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * Marks a long integration run: kill -9 at random moments, convergence over many seeds,
 * restarts, scale. {@code mvn verify} leaves these out so that it answers in minutes;
 * {@code mvn verify -Plong} runs them alone, and CI runs both.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("long")
public @interface LongRun {}
