import React from 'react';
import { createComponent } from '@stencil/react-output-target/runtime';
import type { IonCheckbox as IonCheckboxType, IonToggle as IonToggleType } from '@ionic/react';
import {
  IonCheckbox as CheckboxElement,
  defineCustomElement as defineCheckbox,
} from '@ionic/core/components/ion-checkbox.js';
import { IonToggle as ToggleElement, defineCustomElement as defineToggle } from '@ionic/core/components/ion-toggle.js';

/** The form controls of the screens that have forms, wrapped as in ionicLazy.ts (which says why). */
export const IonCheckbox = /*@__PURE__*/ createComponent({
  tagName: 'ion-checkbox',
  elementClass: CheckboxElement,
  react: React,
  events: { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement: defineCheckbox,
}) as unknown as typeof IonCheckboxType;

export const IonToggle = /*@__PURE__*/ createComponent({
  tagName: 'ion-toggle',
  elementClass: ToggleElement,
  react: React,
  events: { onIonChange: 'ionChange', onIonFocus: 'ionFocus', onIonBlur: 'ionBlur' },
  defineCustomElement: defineToggle,
}) as unknown as typeof IonToggleType;
