package io.tablecast.viewstore.adapter.out.tables;

import com.azure.core.http.rest.Response;
import com.azure.data.tables.models.TableErrorCode;
import com.azure.data.tables.models.TableServiceError;
import com.azure.data.tables.models.TableServiceException;
import java.util.Set;

/**
 * What the Tables service's answers mean for optimistic concurrency, read the same way from the
 * real service and from Azurite.
 *
 * <ul>
 *   <li>A lost race is a 409 (the row appeared), a 412 (the row changed) or a 404 (the row went
 *       away). A failed EGT may carry no HTTP response at all (Azurite), only the service's error
 *       code, so both are read.
 *   <li>Azurite's single-entity responses drop the closing quote of their {@code ETag} header
 *       ({@code W/"datetime'…'}); sent back as {@code If-Match} it is refused with 400. ETags are
 *       repaired on the way in.
 * </ul>
 */
public final class TableResponses {

  private static final Set<Integer> LOST_RACE = Set.of(404, 409, 412);
  private static final Set<TableErrorCode> LOST_RACE_CODES = Set.of(
      TableErrorCode.ENTITY_ALREADY_EXISTS, TableErrorCode.UPDATE_CONDITION_NOT_SATISFIED,
      TableErrorCode.ENTITY_NOT_FOUND, TableErrorCode.RESOURCE_NOT_FOUND);

  private TableResponses() {}

  /** Whether the write lost a race with another writer, so reading again and retrying makes sense. */
  public static boolean lostRace(TableServiceException e) {
    if (e.getResponse() != null) {
      return LOST_RACE.contains(e.getResponse().getStatusCode());
    }
    TableServiceError error = e.getValue();
    return error != null && LOST_RACE_CODES.contains(error.getErrorCode());
  }

  /** The entity tag a write returned, as {@code If-Match} needs it. */
  public static String etag(Response<?> response) {
    return repair(response.getHeaders().getValue("ETag"));
  }

  static String repair(String etag) {
    if (etag == null) {
      return null;
    }
    long quotes = etag.chars().filter(c -> c == '"').count();
    return quotes % 2 == 1 ? etag + "\"" : etag;
  }
}
