package properties

import "reflect"

func reflectOf[T any]() reflect.Type { return reflect.TypeOf((*T)(nil)).Elem() }
