/** What HR's audits compare that is not a row: the entries of the last-name index, as tuples. */
package io.tablecast.hr.audit;
